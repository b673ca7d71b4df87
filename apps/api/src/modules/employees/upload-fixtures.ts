import { UPLOAD_COLUMNS } from '@hr/contract';
import ExcelJS from 'exceljs';

/**
 * Test and benchmark fixture: an employee upload workbook of `n` generated rows. `bad` lists
 * 0-based row indexes to spoil (one problem each: bad email, missing first name, bad date).
 */
export type FixtureRow = Partial<Record<(typeof UPLOAD_COLUMNS)[number], string>>;

export function fixtureRows(
  n: number,
  opts: { prefix?: string; bad?: number[]; unit?: string } = {},
): FixtureRow[] {
  const prefix = opts.prefix ?? 'UP';
  const bad = new Set(opts.bad ?? []);
  const rows: FixtureRow[] = [];
  for (let i = 0; i < n; i++) {
    const code = `${prefix}${String(i + 1).padStart(5, '0')}`;
    const row: FixtureRow = {
      employee_code: code,
      first_name: `Upload${i + 1}`,
      last_name: `Person${i % 97}`,
      email: `${code.toLowerCase()}@upload.test`,
      phone: `+91 98${String(10_000_000 + i).slice(-8)}`,
      gender: i % 2 ? 'female' : 'male',
      date_of_birth: '1990-01-15',
      date_of_joining: '2023-07-01',
      employment_type: 'full_time',
      designation: 'Associate',
      status: 'active',
      unit: opts.unit ?? '',
      manager_code:
        i > 0 && i % 10 !== 0 ? `${prefix}${String(Math.floor(i / 10) * 10 + 1).padStart(5, '0')}` : '',
      pan: `ABCDE${String(1000 + (i % 9000))}F`,
      bank_account: String(100000000 + i),
      bank_ifsc: 'HDFC0001234',
    };
    if (bad.has(i)) {
      const k = [...bad].indexOf(i) % 3;
      if (k === 0) row.email = 'not-an-email';
      else if (k === 1) row.first_name = '';
      else row.date_of_joining = '2023-02-30';
    }
    rows.push(row);
  }
  return rows;
}

export async function fixtureXlsx(rows: FixtureRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Employees');
  sheet.addRow([...UPLOAD_COLUMNS]);
  for (const r of rows) sheet.addRow(UPLOAD_COLUMNS.map((c) => r[c] ?? ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function fixtureCsv(rows: FixtureRow[]): Buffer {
  const esc = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [
    UPLOAD_COLUMNS.join(','),
    ...rows.map((r) => UPLOAD_COLUMNS.map((c) => esc(r[c] ?? '')).join(',')),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipartBody(fileName: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----hr${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
