import { createInflateRaw } from 'node:zlib';
import { AppError } from './errors';

/**
 * Checks an uploaded .xlsx (a zip) before a spreadsheet library parses it. exceljs inflates every
 * part into memory, so a small file whose parts inflate to gigabytes (a zip bomb) would exhaust the
 * heap; the upload size limit only caps the compressed bytes. This reads the zip's central directory
 * itself and inflates each part as a stream, counting bytes and aborting at the cap, so declared
 * sizes are checked but never trusted. Nothing inflated is kept.
 */
export type XlsxLimits = {
  /** Most parts the archive may hold (a workbook has a dozen or so). */
  maxEntries: number;
  /** Most bytes all parts together may inflate to. */
  maxInflatedBytes: number;
  /** Most bytes xl/sharedStrings.xml may inflate to. */
  maxSharedStringsBytes: number;
  /** Most rows (`<row` elements) any one worksheet may hold, the header included. */
  maxRows: number;
};

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  maxEntries: 200,
  maxInflatedBytes: 64 * 1024 * 1024,
  maxSharedStringsBytes: 16 * 1024 * 1024,
  maxRows: 20_001,
};

const MB = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;

type Entry = {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
};

/** Refuses the workbook with a 400 naming the file and the limit it breaks. */
function refuse(fileName: string, reason: string): never {
  const message = `${fileName || 'The file'} was refused: ${reason}`;
  throw new AppError('VALIDATION', message, { errors: [{ path: 'file', message }] });
}

function unreadable(fileName: string): never {
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName || 'The file'} is not a readable .xlsx workbook`);
}

/** The central directory's entries; zip64 and multi-disk archives are refused (no .xlsx under 5 MiB needs them). */
function readEntries(buf: Buffer, fileName: string, limits: XlsxLimits): Entry[] {
  // End of central directory: 22 bytes plus a comment of at most 65535, at the very end.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) unreadable(fileName);
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) refuse(fileName, 'zip64 archives are not accepted');
  if (count > limits.maxEntries) {
    refuse(fileName, `it holds ${count} parts, more than the limit of ${limits.maxEntries}`);
  }
  if (cdOffset + cdSize > eocd) unreadable(fileName);
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== 0x02014b50) unreadable(fileName);
    const nameLength = buf.readUInt16LE(p + 28);
    const entry: Entry = {
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      declaredSize: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff) {
      refuse(fileName, 'zip64 archives are not accepted');
    }
    entries.push(entry);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** Where an entry's compressed bytes are, from its local header. */
function dataOf(buf: Buffer, e: Entry, fileName: string): Buffer {
  const h = e.localOffset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) unreadable(fileName);
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  if (start + e.compressedSize > buf.length) unreadable(fileName);
  return buf.subarray(start, start + e.compressedSize);
}

const ROW = Buffer.from('<row');

/** Counts `<row` followed by a space or `>` (so `<rowBreaks` is not a row) across chunk boundaries. */
function rowCounter() {
  let tail = Buffer.alloc(0);
  let rows = 0;
  return {
    push(chunk: Buffer) {
      const b = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      let i = b.indexOf(ROW);
      let last = 0;
      while (i >= 0 && i + 4 < b.length) {
        const next = b[i + 4];
        if (next === 0x20 || next === 0x3e || next === 0x09 || next === 0x0a || next === 0x0d) rows++;
        last = i + 4;
        i = b.indexOf(ROW, i + 4);
      }
      // Keep what may be the start of a `<row` cut by the chunk's end.
      tail = Buffer.from(b.subarray(Math.max(last, b.length - 4)));
      return rows;
    },
  };
}

/**
 * Inflates one part as a stream, handing each chunk to `onChunk`; stops (and destroys the
 * inflater) as soon as `onChunk` throws, so the output past a cap is never produced.
 */
function inflateStreaming(data: Buffer, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let failed = false;
    inflater.on('data', (chunk: Buffer) => {
      if (failed) return;
      try {
        onChunk(chunk);
      } catch (err) {
        failed = true;
        inflater.destroy();
        reject(err);
      }
    });
    inflater.on('error', (err) => {
      if (!failed) {
        failed = true;
        reject(err);
      }
    });
    inflater.on('end', () => {
      if (!failed) resolve();
    });
    inflater.end(data);
  });
}

/**
 * Refuses (400) a workbook breaking any limit; resolves when it is safe to parse. A plain function
 * of the bytes so every spreadsheet upload (employees, attendance, payouts, TDS) can call it first.
 */
export async function assertSafeXlsx(
  buf: Buffer,
  fileName: string,
  limits: XlsxLimits = DEFAULT_XLSX_LIMITS,
) {
  const entries = readEntries(buf, fileName, limits);
  const declared = entries.reduce((sum, e) => sum + e.declaredSize, 0);
  if (declared > limits.maxInflatedBytes) {
    refuse(
      fileName,
      `it would unpack to ${MB(declared)}, more than the limit of ${MB(limits.maxInflatedBytes)}`,
    );
  }
  let total = 0;
  const overTotal = () =>
    refuse(fileName, `it unpacks to more than the limit of ${MB(limits.maxInflatedBytes)}`);
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const data = dataOf(buf, e, fileName);
    const isSharedStrings = /^xl\/sharedStrings\.xml$/i.test(e.name);
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(e.name);
    if (isSharedStrings && e.declaredSize > limits.maxSharedStringsBytes) {
      refuse(fileName, `its shared strings exceed the limit of ${MB(limits.maxSharedStringsBytes)}`);
    }
    if (e.method === 0) {
      total += data.length;
      if (total > limits.maxInflatedBytes) overTotal();
      if (isSharedStrings && data.length > limits.maxSharedStringsBytes) {
        refuse(fileName, `its shared strings exceed the limit of ${MB(limits.maxSharedStringsBytes)}`);
      }
      if (isSheet && rowCounter().push(Buffer.concat([data, Buffer.from(' ')])) > limits.maxRows) {
        refuse(fileName, `a sheet has more than the limit of ${limits.maxRows.toLocaleString('en-IN')} rows`);
      }
      continue;
    }
    if (e.method !== 8) refuse(fileName, `part ${e.name} uses an unsupported compression method`);
    let size = 0;
    const rows = isSheet ? rowCounter() : null;
    try {
      await inflateStreaming(data, (chunk) => {
        size += chunk.length;
        total += chunk.length;
        if (total > limits.maxInflatedBytes) overTotal();
        if (isSharedStrings && size > limits.maxSharedStringsBytes) {
          refuse(fileName, `its shared strings exceed the limit of ${MB(limits.maxSharedStringsBytes)}`);
        }
        if (rows && rows.push(chunk) > limits.maxRows) {
          refuse(
            fileName,
            `a sheet has more than the limit of ${limits.maxRows.toLocaleString('en-IN')} rows`,
          );
        }
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      unreadable(fileName);
    }
  }
}
