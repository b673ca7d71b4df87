/**
 * RFC 4180 CSV read into records of cells: quoted fields, doubled quotes, CRLF or LF, an optional
 * byte-order mark. Shared by every CSV upload (employee import, punch files); each turns the
 * records into its own rows.
 */
export function csvRecords(buf: Buffer): string[][] {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let field = '';
  let rec: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      rec.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      rec.push(field);
      records.push(rec);
      rec = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || rec.length > 0) {
    rec.push(field);
    records.push(rec);
  }
  return records;
}

/** The first record as headers, the rest as numbered lines (row 2 is the first under the header). */
export function csvLines(buf: Buffer): { headers: string[]; lines: { row: number; cells: string[] }[] } {
  const [headers = [], ...rest] = csvRecords(buf);
  return { headers, lines: rest.map((cells, i) => ({ row: i + 2, cells })) };
}
