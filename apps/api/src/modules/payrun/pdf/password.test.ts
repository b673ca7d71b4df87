import { payslipPassword, payslipPasswordHint } from './password';

it('is the first four letters of the PAN in capitals and the year of birth', () => {
  const f = { pan: ' abcpk1234l ', dateOfBirth: '1990-05-17', employeeCode: 'EMP007' };
  expect(payslipPassword(f)).toBe('ABCP1990');
  expect(payslipPasswordHint(f)).toEqual({
    rule: 'pan-and-birth-year',
    hint: 'The first four letters of your PAN in capitals followed by your year of birth, for example ABCD1990.',
  });
});

it('falls back to the employee code and the year of birth without a (well-formed) PAN', () => {
  for (const pan of [null, '', 'ABCD1234', 'ABCPK12345']) {
    const f = { pan, dateOfBirth: '1985-12-31', employeeCode: 'emp007' };
    expect(payslipPassword(f)).toBe('EMP0071985');
    expect(payslipPasswordHint(f).rule).toBe('code-and-birth-year');
  }
});

it('is the employee code alone without a date of birth, PAN or not', () => {
  for (const dateOfBirth of [null, '', '17/05/1990']) {
    const f = { pan: 'ABCPK1234L', dateOfBirth, employeeCode: ' E-42 ' };
    expect(payslipPassword(f)).toBe('E-42');
    expect(payslipPasswordHint(f)).toEqual({
      rule: 'code',
      hint: 'Your employee code in capitals, for example EMP007.',
    });
  }
  expect(() => payslipPassword({ pan: null, dateOfBirth: null, employeeCode: '  ' })).toThrow(
    /employee code/,
  );
});
