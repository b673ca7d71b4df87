/**
 * Text in the PDF standard fonts Helvetica and Helvetica-Bold with WinAnsiEncoding (one byte a
 * character): the encoding, and each character's width for alignment and wrapping.
 *
 * The widths are Adobe's Core 14 metrics (Helvetica.afm and Helvetica-Bold.afm, the files pdfkit
 * ships in `js/data`) for the WinAnsi codes 32 to 255, 0 where WinAnsi has no character. They are
 * written here rather than read from pdfkit at run time, since pdfkit is only pdfmake's dependency;
 * `winansi.test.ts` checks them against pdfkit's own measurement.
 */

/** WinAnsi codes 0x80-0x9F are not Latin-1 but these characters (a space: no character). */
const CODES_80_9F = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';
const CP1252 = new Map<number, number>(
  [...CODES_80_9F].flatMap((ch, i) =>
    ch === ' ' ? [] : [[ch.codePointAt(0)!, 0x80 + i] as [number, number]],
  ),
);

/** Widths (1/1000 em) of WinAnsi codes 32-255 in Helvetica. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, 556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000,
  667, 333, 1000, 0, 611, 0, 0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 500,
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333,
  556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667, 667,
  667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
  611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

/** Widths (1/1000 em) of WinAnsi codes 32-255 in Helvetica-Bold. */
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, 556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000,
  667, 333, 1000, 0, 611, 0, 0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 556,
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333,
  611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667, 667,
  667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667,
  611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, 611, 611, 611, 611,
  611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

/**
 * The byte that stands for ₹ in encoded text. It is not drawn in Helvetica (which has no ₹) but in
 * the document's small Type 3 font (see `rupee-font.ts`); code 1 is otherwise a control character,
 * which `encodeWinAnsi` never produces.
 */
export const RUPEE_BYTE = 0x01;
/** Advance of the ₹ glyph (1/1000 em): regular, bold. */
export const RUPEE_WIDTH = [517, 522] as const;

export type FontStyle = 0 | 1; // 0 regular, 1 bold

function byteOf(cp: number): number {
  if ((cp >= 0x20 && cp < 0x7f) || (cp >= 0xa0 && cp <= 0xff)) return cp;
  return CP1252.get(cp) ?? -1;
}

/**
 * Text -> one byte a character (a "binary string", char codes 0-255), as Helvetica draws it.
 * ₹ becomes RUPEE_BYTE. A character WinAnsi lacks is replaced by its letters without accents when
 * it has them (ā, ő, ş become a, o, s), a combining mark of another script is left out, and any
 * other character becomes "?" (Ł, or each letter of a name in Devanagari or Tamil); control
 * characters and line breaks become a space. So no text fails the document; ADR 0018 says why the
 * payslip keeps to WinAnsi.
 */
export function encodeWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const b = byteOf(cp);
    if (b >= 0) out += String.fromCharCode(b);
    else if (cp === 0x20b9) out += String.fromCharCode(RUPEE_BYTE);
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += ' ';
    else if (!MARK.test(ch)) out += fold(ch);
  }
  return out;
}

const MARK = /^\p{M}$/u;

/** A character's letters without combining marks (NFKD), when all of them are in WinAnsi. */
function fold(ch: string): string {
  let out = '';
  for (const c of ch.normalize('NFKD')) {
    if (MARK.test(c)) continue;
    const b = byteOf(c.codePointAt(0)!);
    if (b < 0) return '?';
    out += String.fromCharCode(b);
  }
  return out === '' ? '?' : out;
}

/** Width in points of encoded text at a size. */
export function textWidth(encoded: string, style: FontStyle, size: number): number {
  const table = style === 1 ? HELVETICA_BOLD : HELVETICA;
  let w = 0;
  for (let i = 0; i < encoded.length; i++) {
    const b = encoded.charCodeAt(i);
    w += b === RUPEE_BYTE ? RUPEE_WIDTH[style] : (table[b - 32] ?? 0);
  }
  return (w * size) / 1000;
}
