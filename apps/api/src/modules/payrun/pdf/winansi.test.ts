import { createRequire } from 'node:module';
import { encodeWinAnsi, RUPEE_BYTE, textWidth } from './winansi';

/** pdfkit (pdfmake's dependency) measures text in the standard fonts from Adobe's AFM files. */
type PdfKitDoc = {
  font(name: string): PdfKitDoc;
  widthOfString(s: string): number;
  fontSize(n: number): PdfKitDoc;
};
const require = createRequire(import.meta.url);
const PDFDocument = createRequire(require.resolve('pdfmake'))('pdfkit') as new () => PdfKitDoc;

it("has each WinAnsi character's width as pdfkit measures Helvetica and Helvetica-Bold", () => {
  const doc = new PDFDocument().fontSize(1000);
  const chars = [
    ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
    ...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ',
  ];
  for (let c = 0xa0; c <= 0xff; c++) chars.push(String.fromCharCode(c));
  expect(chars).toHaveLength(95 + 27 + 96);
  for (const [font, style] of [
    ['Helvetica', 0],
    ['Helvetica-Bold', 1],
  ] as const) {
    doc.font(font);
    for (const ch of chars) {
      expect([ch, textWidth(encodeWinAnsi(ch), style, 1000)]).toEqual([ch, doc.widthOfString(ch)]);
    }
  }
  expect(textWidth(encodeWinAnsi('₹1,234'), 0, 10)).toBeCloseTo(5.17 + 5.56 * 4 + 2.78);
});

it('encodes text one byte a character, folding or replacing what WinAnsi lacks', () => {
  const bytes = (s: string) => [...encodeWinAnsi(s)].map((c) => c.charCodeAt(0));
  expect(encodeWinAnsi('Zoë Ñuñez, 50% (approx)')).toBe('Zoë Ñuñez, 50% (approx)');
  expect(bytes('€ – — ’ “ ” • Š ž')).toEqual([
    0x80, 32, 0x96, 32, 0x97, 32, 0x92, 32, 0x93, 32, 0x94, 32, 0x95, 32, 0x8a, 32, 0x9e,
  ]);
  expect(bytes('₹')).toEqual([RUPEE_BYTE]);
  // Accents WinAnsi lacks fall back to the letter; marks of other scripts go; the rest is "?".
  expect(encodeWinAnsi('Ṣaṇmukha Āditya Gökçe Şen')).toBe('Sanmukha Aditya Gökçe Sen');
  expect(encodeWinAnsi('Łukasz')).toBe('?ukasz');
  expect(encodeWinAnsi('अनन्या')).toBe('????');
  expect(encodeWinAnsi('😀 中')).toBe('? ?');
  expect(encodeWinAnsi('a\nb\tc\u0000d\u2028e')).toBe('a b c d e');
  for (const s of ['\u0001', '\u007f', '\u0085']) expect(encodeWinAnsi(s)).toBe(' ');
});
