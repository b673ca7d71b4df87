/**
 * Amounts in words in the Indian numbering system (thousand, lakh, crore), as payslips and
 * cheques write them: 1,23,456.50 -> "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six
 * and Fifty Paise Only". Above 99 crore the crores are counted the same way ("One Lakh Crore").
 */

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1-99. */
function twoDigits(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[n / 10]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/** A whole number of at least 1 in words. */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1000) % 100;
  const hundred = Math.floor(n / 100) % 10;
  const rest = n % 100;
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${twoDigits(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${twoDigits(thousand)} Thousand`);
  if (hundred > 0) parts.push(`${ONES[hundred]} Hundred`);
  if (rest > 0) parts.push(twoDigits(rest));
  return parts.join(' ');
}

/**
 * Integer paise in words: "Rupees Zero Only" for 0, "Fifty Paise Only" (and "One Paisa Only")
 * when there are no rupees, "Minus ..." below zero.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const p = abs % 100;
  const paiseWords = p === 1 ? 'One Paisa' : `${twoDigits(p)} Paise`;
  let words: string;
  if (rupees === 0 && p === 0) words = 'Rupees Zero';
  else if (rupees === 0) words = paiseWords;
  else if (p === 0) words = `Rupees ${indianWords(rupees)}`;
  else words = `Rupees ${indianWords(rupees)} and ${paiseWords}`;
  return `${paise < 0 ? 'Minus ' : ''}${words} Only`;
}
