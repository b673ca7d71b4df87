/** The file's real type from its first bytes; the client's name and content type are not trusted. */
export type DetectedType = 'application/pdf' | 'image/png' | 'image/jpeg';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-');

export function detectType(data: Buffer): DetectedType | null {
  if (data.length >= PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.length >= JPEG.length + 1 && data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (data.length >= PDF.length && data.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  return null;
}

export const EXTENSION: Record<DetectedType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/**
 * A safe display/download name: no path, no control or quote characters, a bounded length, and an
 * extension that matches the detected type.
 */
export function sanitiseFileName(raw: string, type: DetectedType): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  if (!name) name = 'document';
  const ext = EXTENSION[type];
  const lower = name.toLowerCase();
  const ok = type === 'image/jpeg' ? lower.endsWith('.jpg') || lower.endsWith('.jpeg') : lower.endsWith(ext);
  return ok ? name : `${name}${ext}`;
}
