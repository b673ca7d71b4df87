/**
 * ₹ as a Type 3 font of two glyphs (code 1 regular, code 2 bold), since the PDF standard fonts have
 * no ₹ and embedding a TrueType font means parsing and subsetting it for every document. Each glyph
 * is a few path operators; the ToUnicode map gives U+20B9 for both codes, so copying or extracting
 * the text still gives ₹.
 *
 * The outlines are Roboto's (Regular and Medium, as pdfmake ships them; Apache License 2.0), scaled
 * to 1000 units an em, quadratic curves raised to cubic ones. Cap height 711 against Helvetica's 718.
 */

/** d0: the glyph takes the colour of the text around it. */
const REGULAR =
  '517 0 d0 497 537 m 474 460 l 21 460 l 43 537 l h 293 0 m 35 302 l 35 362 l 154 362 l 188 362 217 368 ' +
  '240 380 c 262 391 279 407 291 427 c 302 447 308 469 308 494 c 308 521 302 546 292 567 c 281 588 264 604 ' +
  '241 616 c 218 628 188 634 151 634 c 22 634 l 45 711 l 151 711 l 208 711 254 702 291 685 c 328 668 356 643 ' +
  '374 611 c 392 578 401 539 401 493 c 401 453 394 417 379 386 c 364 355 339 330 304 312 c 269 294 223 285 ' +
  '164 285 c 404 6 l 404 0 l h 497 711 m 474 634 l 109 634 l 131 711 l h f';

const BOLD =
  '522 0 d0 501 535 m 478 448 l 21 448 l 44 535 l h 280 0 m 35 290 l 34 362 l 151 362 l 181 362 206 368 ' +
  '226 379 c 246 390 260 404 270 423 c 280 442 285 463 285 486 c 285 511 280 533 271 552 c 262 571 247 586 ' +
  '228 597 c 208 608 181 613 149 613 c 21 613 l 47 711 l 149 711 l 207 711 254 702 292 685 c 331 668 359 643 ' +
  '378 610 c 397 577 407 537 407 491 c 407 450 400 414 386 383 c 372 352 349 327 318 308 c 287 289 245 277 ' +
  '193 272 c 418 6 l 418 0 l h 502 711 m 478 625 l 104 625 l 128 711 l h f';

export const RUPEE_GLYPHS = { regular: REGULAR, bold: BOLD };

export const RUPEE_TO_UNICODE = [
  '/CIDInit /ProcSet findresource begin',
  '12 dict begin',
  'begincmap',
  '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
  '/CMapName /Adobe-Identity-UCS def',
  '/CMapType 2 def',
  '1 begincodespacerange',
  '<00> <FF>',
  'endcodespacerange',
  '2 beginbfchar',
  '<01> <20B9>',
  '<02> <20B9>',
  'endbfchar',
  'endcmap',
  'CMapName currentdict /CMapResource defineresource pop',
  'end',
  'end',
].join('\n');

/** The font dictionary, given the numbers of its glyph streams and ToUnicode stream. */
export function rupeeFontDictionary(regular: number, bold: number, toUnicode: number): string {
  return (
    '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 522 711] /FontMatrix [0.001 0 0 0.001 0 0]' +
    ` /CharProcs << /rupee ${regular} 0 R /rupeebold ${bold} 0 R >>` +
    ' /Encoding << /Type /Encoding /Differences [1 /rupee /rupeebold] >>' +
    ` /FirstChar 1 /LastChar 2 /Widths [517 522] /Resources << >> /ToUnicode ${toUnicode} 0 R >>`
  );
}
