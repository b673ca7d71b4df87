import { amountInWords } from './amount-in-words';
import { formatDate, formatDays, formatMonth, formatRupees } from './format';

it('writes paise as ₹ with en-IN grouping and two decimals', () => {
  expect(formatRupees(0)).toBe('₹0.00');
  expect(formatRupees(5)).toBe('₹0.05');
  expect(formatRupees(999_99)).toBe('₹999.99');
  expect(formatRupees(1_000_00)).toBe('₹1,000.00');
  expect(formatRupees(1_23_456_00)).toBe('₹1,23,456.00');
  expect(formatRupees(12_34_56_789_05)).toBe('₹12,34,56,789.05');
  expect(formatRupees(-5_00)).toBe('-₹5.00');
  expect(() => formatRupees(1.5)).toThrow(RangeError);
  // The same digits as Intl's en-IN grouping, over a spread of amounts.
  const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (let p = 1; p < 1e15; p = p * 7 + 3) expect(formatRupees(p)).toBe(`₹${intl.format(p / 100)}`);
});

it('writes months, dates and days as the payslip shows them', () => {
  expect(formatMonth('2026-11')).toBe('November 2026');
  expect(formatMonth('2027-01')).toBe('January 2027');
  expect(formatDate('2026-11-05')).toBe('5 Nov 2026');
  expect(formatDate('not a date')).toBe('not a date');
  expect(formatDays(29.5)).toBe('29.5');
  expect(formatDays(30)).toBe('30');
  expect(formatDays(0.1 + 0.2)).toBe('0.3');
});

describe('amount in words (Indian numbering)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'One Paisa Only'],
    [50, 'Fifty Paise Only'],
    [99, 'Ninety-Nine Paise Only'],
    [100, 'Rupees One Only'],
    [1_011_00, 'Rupees One Thousand Eleven Only'],
    [20_000_00, 'Rupees Twenty Thousand Only'],
    [1_23_456_50, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'],
    [
      99_99_999_99,
      'Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_00_00_001_01, 'Rupees One Crore One and One Paisa Only'],
    [
      12_34_56_789_05,
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    ],
    [100_00_00_000_00, 'Rupees One Hundred Crore Only'],
    [1_00_000_00_00_000_00, 'Rupees One Lakh Crore Only'],
    [-5_00, 'Minus Rupees Five Only'],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(2 ** 53)).toThrow(RangeError);
  });
});
