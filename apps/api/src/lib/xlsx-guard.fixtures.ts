import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Test fixture: a zip written byte by byte, so tests can build hostile archives (zip bombs, parts
 * whose declared size lies) that no zip library would write.
 */
export type ZipPart = {
  name: string;
  content: Buffer | { head: string; repeat: string; times: number; tail: string };
  declaredSize?: number;
};

/** Deflates a part; a `repeat` part is deflated chunk by chunk so the test never holds it inflated. */
function pack(content: ZipPart['content']) {
  if (Buffer.isBuffer(content)) {
    return { data: deflateRawSync(content), size: content.length, crc: crc32(content) };
  }
  // A raw deflate stream may be any sequence of blocks, only the last marked final: a 1 MiB block
  // deflated once with a sync flush (byte-aligned, not final) is repeated, so no test ever holds
  // the inflated content.
  const head = Buffer.from(content.head);
  const tail = Buffer.from(content.tail);
  const unit = Buffer.from(content.repeat);
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / unit.length));
  const block = Buffer.concat(Array.from({ length: perChunk }, () => unit));
  const chunks = Math.floor(content.times / perChunk);
  const rest = Buffer.concat([
    ...Array.from({ length: content.times - chunks * perChunk }, () => unit),
    tail,
  ]);
  const flushed = deflateRawSync(block, { finishFlush: constants.Z_SYNC_FLUSH });
  const last = deflateRawSync(rest);
  let crc = crc32(head);
  for (let i = 0; i < chunks; i++) crc = crc32(block, crc);
  crc = crc32(rest, crc);
  return {
    data: Buffer.concat([
      deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
      ...Array.from({ length: chunks }, () => flushed),
      last,
    ]),
    size: head.length + chunks * block.length + rest.length,
    crc,
  };
}

export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = pack(part.content);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared % 2 ** 32, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared % 2 ** 32, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/**
 * A workbook whose one sheet is `rows` copies of a row (an inflated size of about 60 bytes each):
 * 3 million rows is ~180 MB inflated from a few hundred KB. `declaredSize` lets the sheet lie.
 */
export function bombXlsx(rows: number, opts: { declaredSize?: number } = {}): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  return buildZip([
    { name: '[Content_Types].xml', content: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', content: Buffer.from(RELS) },
    { name: 'xl/workbook.xml', content: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from(WORKBOOK_RELS) },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: {
        head,
        repeat: '<row r="2"><c r="A2" t="inlineStr"><is><t>first_name</t></is></c></row>',
        times: rows,
        tail: '</sheetData></worksheet>',
      },
      declaredSize: opts.declaredSize,
    },
  ]);
}
