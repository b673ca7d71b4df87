import { AnnouncementBodySchema, AssetBodySchema, EmployeeCreateSchema } from '@hr/contract';
import { validateEmployee } from '../features/employees/components/employee-form';
import { can } from './abilities';
import { formErrors, maxLengthOf, serverFieldErrors } from './form-errors';
import { enumLabel, fieldLabel } from './labels';

const SHAPE = EmployeeCreateSchema.shape as unknown as Record<string, unknown>;

describe('form errors in plain words', () => {
  it('says what to do, not what the validator found', () => {
    const errors = formErrors(EmployeeCreateSchema, {
      first_name: '',
      email: 'asha@',
      date_of_joining: '2026-02-30',
      pan: 'ABC',
      uan: '12',
      bank_ifsc: 'HDFC1',
      middle_name: 'x'.repeat(81),
    });
    expect(errors).toEqual({
      first_name: 'This field is required',
      email: 'Enter a valid email address, e.g. name@example.com',
      date_of_joining: 'Enter a real date, e.g. 23 Nov 2026',
      pan: 'Enter a valid PAN, e.g. ABCDE1234F',
      uan: 'Enter the 12-digit UAN, e.g. 100123456789',
      bank_ifsc: 'Enter a valid IFSC, e.g. HDFC0001234',
      middle_name: 'At most 80 characters',
    });
    expect(formErrors(EmployeeCreateSchema, { email: 'a@b.co', date_of_joining: '2026-01-05' })).toEqual({
      first_name: 'This field is required',
    });
    expect(
      formErrors(AssetBodySchema, { code: 'A1', name: 'Laptop', category: 'IT', cost_paise: -1 }),
    ).toEqual({
      cost_paise: 'The amount cannot be negative',
    });
    expect(
      formErrors(AnnouncementBodySchema, {
        title: 'Hi',
        body: 'x',
        starts_on: '2026-01-05',
        ends_on: '2026-01-01',
        audience: 'all',
      }),
    ).toEqual({ ends_on: 'Check this value' });
  });

  it('turns the server’s format messages into the same words', () => {
    expect(
      serverFieldErrors([
        { path: 'pan', message: 'PAN is 5 letters, 4 digits, 1 letter' },
        { path: 'email', message: 'Email already in use' },
        { path: 'addresses.0.postal_code', message: 'Not a postal code' },
      ]),
    ).toEqual({
      pan: 'Enter a valid PAN, e.g. ABCDE1234F',
      email: 'Enter a valid email address, e.g. name@example.com',
      'addresses.0.postal_code': 'Enter a valid postal code, e.g. 560001',
    });
  });

  it('reads maxLength from the schema, or from the fixed format', () => {
    expect(maxLengthOf(SHAPE, 'first_name')).toBe(80);
    expect(maxLengthOf(SHAPE, 'email')).toBe(200);
    expect(maxLengthOf(SHAPE, 'designation')).toBe(120);
    expect(maxLengthOf(SHAPE, 'pan')).toBe(10);
    expect(maxLengthOf(SHAPE, 'bank_ifsc')).toBe(11);
    expect(maxLengthOf(SHAPE, 'gender')).toBeUndefined();
  });

  it('refuses a date of birth in the future', () => {
    const values = { first_name: 'Asha', email: 'asha@acme.test', date_of_joining: '2026-01-05' };
    expect(validateEmployee({ ...values, date_of_birth: '2030-01-01' }, true, '2026-11-23')).toEqual({
      date_of_birth: 'The date of birth cannot be in the future',
    });
    expect(validateEmployee({ ...values, date_of_birth: '1990-01-01' }, true, '2026-11-23')).toEqual({});
  });
});

describe('labels', () => {
  it('shows enum values and field names as words', () => {
    expect(enumLabel('FULL_TIME')).toBe('Full time');
    expect(enumLabel('full_time')).toBe('Full time');
    expect(enumLabel('active')).toBe('Active');
    expect(fieldLabel('pan_number')).toBe('PAN');
    expect(fieldLabel('uan')).toBe('UAN');
    expect(fieldLabel('bank_ifsc')).toBe('Bank IFSC');
    expect(fieldLabel('work_location')).toBe('Work location');
  });
});

describe('can', () => {
  it('allows only what the row’s abilities say, and nothing when they are missing', () => {
    expect(can({ abilities: { edit: true, delete: false } }, 'edit')).toBe(true);
    expect(can({ abilities: { edit: true, delete: false } }, 'delete')).toBe(false);
    expect(can({ abilities: { approve: true } }, 'reject')).toBe(false);
    expect(can({ id: 'x' }, 'edit')).toBe(false);
    expect(can({ abilities: null }, 'edit')).toBe(false);
    expect(can(null, 'edit')).toBe(false);
  });
});

describe('server errors next to their fields (issue 24)', () => {
  it('places each error by path or last key, summarises only the rest, in words', async () => {
    const { ApiError } = await import('./api-client');
    const { splitServerError } = await import('./form-errors');
    const err = new ApiError('End date: The end date is before the start date', 400, {
      code: 'VALIDATION',
      errors: [
        { path: 'to_date', message: 'The end date is before the start date' },
        { path: 'lines.0.amount_paise', message: 'The amount can be at most ₹10,00,000' },
        { path: 'approver_id', message: 'Choose from the list' },
        { path: 'x', message: 'Check leave_type_id' },
      ],
    });
    expect(splitServerError(err, ['to_date', 'amount_paise', 'x'])).toEqual({
      fields: {
        to_date: 'The end date is before the start date',
        amount_paise: 'The amount can be at most ₹10,00,000',
        x: 'Check this value',
      },
      summary: 'Approver: Choose from the list',
    });
    // No field errors: the message is the summary; not an API error: a plain sentence.
    expect(splitServerError(new ApiError('Leave overlaps', 409, { code: 'CONFLICT' }), ['to_date'])).toEqual({
      fields: {},
      summary: 'Leave overlaps',
    });
    expect(splitServerError(new Error('boom'), []).summary).toBe('Something went wrong. Try again.');
  });

  it('a field’s message clears as soon as its value changes; the others stay', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    const { ApiError } = await import('./api-client');
    const { useFormErrors } = await import('./form-errors');
    const { result } = renderHook(() => useFormErrors(['amount_paise', 'expense_date']));
    act(() =>
      result.current.fromServer(
        new ApiError('x', 400, {
          errors: [
            { path: 'amount_paise', message: 'The amount can be at most ₹10,00,000' },
            { path: 'expense_date', message: 'A day to come cannot be claimed' },
          ],
        }),
      ),
    );
    expect(result.current.of('amount_paise')).toBe('The amount can be at most ₹10,00,000');
    act(() => result.current.clear('amount_paise'));
    expect(result.current.of('amount_paise')).toBeUndefined();
    expect(result.current.of('expense_date')).toBe('A day to come cannot be claimed');
  });
});
