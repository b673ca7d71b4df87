import { createHash, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { encryptData, type PdfEncryption, standardSecurity } from './pdf-security';
import { RUPEE_GLYPHS, RUPEE_TO_UNICODE, rupeeFontDictionary } from './rupee-font';

/**
 * A small PDF file writer for pages drawn with Helvetica, Helvetica-Bold and the ₹ font: A4 pages
 * whose content streams the caller writes, compressed, optionally encrypted (AES-256). The fonts
 * and their streams are the same in every document, so the only work per document is its own
 * content: no font is parsed or subset.
 */

export const A4 = { width: 595.28, height: 841.89 } as const;

/** Font resource names the content streams use. */
export const FONT = { regular: '/F1', bold: '/F2', rupee: '/F3' } as const;

// Object numbers: fixed ones first, then Encrypt (when any), then a page and its content per page.
const CATALOG = 1;
const PAGES = 2;
const HELVETICA = 3;
const HELVETICA_BOLD = 4;
const RUPEE = 5;
const RUPEE_REGULAR = 6;
const RUPEE_BOLD = 7;
const RUPEE_CMAP = 8;
const INFO = 9;
const ENCRYPT = 10;

const deflate = (s: string) => deflateSync(Buffer.from(s, 'latin1'));
/** The fixed streams, compressed once per process. */
const FIXED_STREAMS: [number, Buffer][] = [
  [RUPEE_REGULAR, deflate(RUPEE_GLYPHS.regular)],
  [RUPEE_BOLD, deflate(RUPEE_GLYPHS.bold)],
  [RUPEE_CMAP, deflate(RUPEE_TO_UNICODE)],
];
const FIXED_DICTS: [number, string][] = [
  [HELVETICA, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
  [HELVETICA_BOLD, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'],
  [RUPEE, rupeeFontDictionary(RUPEE_REGULAR, RUPEE_BOLD, RUPEE_CMAP)],
];
const RESOURCES =
  `<< /Font << ${FONT.regular} ${HELVETICA} 0 R ${FONT.bold} ${HELVETICA_BOLD} 0 R ${FONT.rupee} ${RUPEE} 0 R >>` +
  ' /ProcSet [/PDF /Text] >>';

export type PdfMeta = { title: string; author: string; subject: string };

/**
 * The file for pages' content streams (binary strings: one char a byte). With `password`, the
 * document opens only with it (AES-256, standard security handler revision 6) and no password
 * gives owner rights. Without one the output is the same bytes for the same input.
 */
export function writePdf(pages: string[], meta: PdfMeta, password?: string): Buffer {
  const security: PdfEncryption | null = password === undefined ? null : standardSecurity(password);
  const protect = (b: Buffer) => (security ? encryptData(security.key, b) : b);
  const firstPage = security ? ENCRYPT + 1 : ENCRYPT;

  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  // The file identifier: random when encrypted, else a digest of the content (same input, same bytes).
  const digest = security ? null : createHash('md5');
  const push = (b: Buffer) => {
    chunks.push(b);
    length += b.length;
    digest?.update(b);
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    push(Buffer.from(`${n} 0 obj\n${body}\nendobj\n`, 'latin1'));
  };
  const stream = (n: number, compressed: Buffer) => {
    const data = protect(compressed);
    offsets[n] = length;
    push(Buffer.from(`${n} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
    push(data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  };
  /** A text string of the document: UTF-16BE with its byte order mark, so any name is kept whole. */
  const text = (s: string) => {
    const utf16 = Buffer.from(`\ufeff${s}`, 'utf16le').swap16();
    return `<${protect(utf16).toString('hex')}>`;
  };

  push(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  const kids = pages.map((_, i) => `${firstPage + 2 * i} 0 R`).join(' ');
  // Revision 6 encryption is ISO 32000-2's; PDF 1.7 readers know it as Adobe's extension level 8.
  const extensions = security ? ' /Extensions << /ADBE << /BaseVersion /1.7 /ExtensionLevel 8 >> >>' : '';
  object(
    CATALOG,
    `<< /Type /Catalog /Pages ${PAGES} 0 R /ViewerPreferences << /DisplayDocTitle true >>${extensions} >>`,
  );
  object(PAGES, `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  for (const [n, body] of FIXED_DICTS) object(n, body);
  for (const [n, data] of FIXED_STREAMS) stream(n, data);
  object(
    INFO,
    `<< /Title ${text(meta.title)} /Author ${text(meta.author)} /Subject ${text(meta.subject)}` +
      ` /Producer ${text('HR app payslip writer')} >>`,
  );
  if (security) object(ENCRYPT, security.dictionary);
  pages.forEach((content, i) => {
    const n = firstPage + 2 * i;
    object(
      n,
      `<< /Type /Page /Parent ${PAGES} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources ${RESOURCES}` +
        ` /Contents ${n + 1} 0 R >>`,
    );
    stream(n + 1, deflateSync(Buffer.from(content, 'latin1')));
  });

  const size = firstPage + 2 * pages.length;
  const xrefAt = length;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) xref += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  const id = (digest ? digest.digest() : randomBytes(16)).toString('hex');
  const encrypt = security ? ` /Encrypt ${ENCRYPT} 0 R` : '';
  const tail = Buffer.from(
    `${xref}trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R${encrypt} /ID [<${id}> <${id}>] >>\n` +
      `startxref\n${xrefAt}\n%%EOF\n`,
    'latin1',
  );
  chunks.push(tail);
  return Buffer.concat(chunks, length + tail.length);
}
