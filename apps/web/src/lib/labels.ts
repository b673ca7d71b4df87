/**
 * Words for what the API sends as codes: enum values ("full_time" → "Full time") and field names
 * ("pan_number" → "PAN"). Screens show these, never the raw code.
 */

/** Letters kept in capitals when a code is turned into words. */
const ACRONYMS = new Set(['pan', 'uan', 'ifsc', 'esi', 'epf', 'pf', 'id', 'hr', 'lwf', 'pt', 'tds']);

/** An enum value as words: "FULL_TIME" and "full_time" both read "Full time"; "o_pos" → "O pos". */
export function enumLabel(value: string | null | undefined): string {
  if (!value) return '';
  const words = value
    .trim()
    .toLowerCase()
    .split(/[_\s-]+/)
    .filter(Boolean);
  return words
    .map((w, i) => (ACRONYMS.has(w) ? w.toUpperCase() : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** Options for a select over an enum, labelled in words. */
export function enumOptions<T extends string>(values: readonly T[]): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: enumLabel(value) }));
}

/** Field names whose words are not simply the name with spaces. */
const FIELD_LABELS: Record<string, string> = {
  pan: 'PAN',
  pan_number: 'PAN',
  aadhaar: 'Aadhaar',
  aadhaar_number: 'Aadhaar',
  uan: 'UAN',
  uan_number: 'UAN',
  esi_number: 'ESI number',
  bank_ifsc: 'Bank IFSC',
  bank_account: 'Bank account number',
  bank_account_number: 'Bank account number',
  bank_holder_name: 'Account holder name',
  bank_name: 'Bank name',
  bank_branch: 'Bank branch',
  email: 'Email',
  personal_email: 'Personal email',
  phone: 'Phone',
  employee_code: 'Employee code',
  date_of_joining: 'Date of joining',
  date_of_birth: 'Date of birth',
  division_unit_id: 'Division / unit',
  manager_id: 'Manager',
  role_id: 'Role',
  postal_code: 'Postal code',
  line1: 'Address line 1',
  line2: 'Address line 2',
};

/** A field name in words: "pan_number" → "PAN", "work_location" → "Work location". */
export function fieldLabel(name: string): string {
  return FIELD_LABELS[name] ?? enumLabel(name);
}
