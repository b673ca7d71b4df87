import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { FIRST_DAY_OF_WEEK } from '../../lib/calendar';

dayjs.extend(customParseFormat);

/** How every date reads on screen (lib/format.ts formatDate prints the same). */
export const DATE_FORMAT = 'DD MMM YYYY';
const TYPED_FORMATS = ['YYYY-MM-DD', 'DD MMM YYYY', 'D MMM YYYY', 'DD/MM/YYYY', 'D/M/YYYY', 'DD-MM-YYYY'];

/** A typed date in any of the usual Indian ways (23 Nov 2026, 23/11/2026, 2026-11-23) as YYYY-MM-DD. */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  for (const f of TYPED_FORMATS) {
    const d = dayjs(text, f, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/**
 * A calendar date field: type it or pick it; shown as "23 Nov 2026", kept as "YYYY-MM-DD" (what
 * the API takes). An empty field is ''.
 */
export function DateField({
  value,
  onChange,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDate}
      placeholder="e.g. 23 Nov 2026"
      clearable={!props.required}
      popoverProps={{ withinPortal: true }}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      {...props}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}
