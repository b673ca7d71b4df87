import { sheetMonthOf, sheetPaiseOf } from '@hr/contract';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { bombXlsx } from '../xlsx-guard.fixtures';
import {
  buildSheetTemplate,
  checkRows,
  contentHash,
  inWords,
  parseCsvRows,
  readSheetFile,
  rowErrors,
  type SheetSpec,
} from './index';

/** The sheet-import seam on its own: columns to template, guarded read, rows, errors in words, hash. */
const spec: SheetSpec = {
  sheetName: 'Items',
  noun: 'item rows',
  maxRows: 3,
  dataColumns: ['amount', 'note'],
  columns: [
    { key: 'code', header: 'Employee code', required: true },
    { key: 'name', header: 'Employee name', read: false },
    { key: 'amount', header: 'Amount (₹)', required: true, note: 'Rupees' },
    { key: 'note', header: 'Note' },
  ],
};
const csv = (text: string) => Buffer.from(text);

describe('reading a sheet', () => {
  it('maps headers by their words or keys, skips empty and unfilled rows, keeps row numbers', () => {
    const rows = parseCsvRows(
      csv(
        'employee code*,Employee name,AMOUNT (rupees),note,extra\nE1,Asha,100,x,ignored\n,,,,\nE2,Vikram,,,\nE3,,5,,\n',
      ),
      spec,
    );
    // Row 3 is empty; row 4 has a code and a name only (the template's blank line): both skipped.
    expect(rows).toEqual([
      { row: 2, values: { code: 'E1', amount: '100', note: 'x' } },
      { row: 5, values: { code: 'E3', amount: '5', note: '' } },
    ]);
  });

  it('names the missing required columns by their headers', () => {
    expect(() => parseCsvRows(csv('Employee code,Note\nE1,x\n'), spec)).toThrow(
      'The header row lacks required columns: Amount (₹)',
    );
  });

  it('refuses an empty file, too many rows, a wrong kind, and a zip bomb before parsing', async () => {
    await expect(readSheetFile({ name: 'a.csv', data: csv('Employee code,Amount\n') }, spec)).rejects.toThrow(
      'The file has no item rows',
    );
    const four = csv('Employee code,Amount\nA,1\nB,1\nC,1\nD,1\n');
    await expect(readSheetFile({ name: 'a.csv', data: four }, spec)).rejects.toThrow(
      'At most 3 item rows per file',
    );
    await expect(readSheetFile({ name: 'a.txt', data: four }, spec)).rejects.toThrow(
      'Upload an .xlsx or .csv file',
    );
    await expect(readSheetFile({ name: 'a.xlsx', data: four }, spec)).rejects.toThrow(
      'The file is not a valid .xlsx workbook',
    );
    await expect(readSheetFile({ name: 'b.xlsx', data: bombXlsx(1_600_000) }, spec)).rejects.toThrow(
      /^b\.xlsx was refused: it would unpack to/,
    );
  });

  it('reads the data sheet by name from a workbook, and hashes content, not bytes', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['Read me first']);
    const ws = wb.addWorksheet('Items');
    ws.addRow(['Employee code', 'Employee name', 'Amount (₹)', 'Note']);
    ws.addRow(['E1', 'Asha', 100, 'x']);
    ws.addRow(['E3', null, 5, null]);
    const book = Buffer.from(await wb.xlsx.writeBuffer());
    const fromXlsx = await readSheetFile({ name: 'i.xlsx', data: book }, spec);
    const fromCsv = await readSheetFile(
      {
        name: 'i.csv',
        data: csv('Employee code,Employee name,Amount,Note\nE1,Someone else,100,x\nE3,,5,\n'),
      },
      spec,
    );
    expect(fromXlsx).toEqual(fromCsv);
    // The name is not read, so it is not content; a changed amount is.
    expect(contentHash(spec, fromXlsx)).toBe(contentHash(spec, fromCsv));
    expect(contentHash(spec, fromXlsx)).toMatch(/^[0-9a-f]{64}$/);
    const changed = parseCsvRows(csv('Employee code,Amount,Note\nE1,101,x\nE3,5,\n'), spec);
    expect(contentHash(spec, changed)).not.toBe(contentHash(spec, fromCsv));
  });
});

describe('checking rows against a schema', () => {
  const schema = z
    .object({
      code: z.string().min(1, 'give the code'),
      amount: z.string().regex(/^\d+$/, 'write whole rupees'),
      note: z.string(),
    })
    .superRefine((v, ctx) => {
      if (Number(v.amount) > 100 && !v.note)
        ctx.addIssue({ code: 'custom', path: ['note'], message: 'say why' });
    });

  it('keeps the good cells of a bad row, and checks across columns only when every cell is good', () => {
    const { rows, errors } = checkRows(
      [
        { row: 2, values: { code: 'E1', amount: 'ten', note: '' } },
        { row: 3, values: { code: 'E2', amount: '500', note: '' } },
        { row: 4, values: { code: '', amount: '5' } },
      ],
      schema,
    );
    expect(rows.map((r) => [r.row, r.ok, r.value])).toEqual([
      [2, false, { code: 'E1', note: '' }],
      [3, false, { code: 'E2', amount: '500', note: '' }],
      [4, false, { amount: '5', note: '' }],
    ]);
    expect(errors).toEqual([
      { row: 2, column: 'amount', message: 'write whole rupees' },
      { row: 3, column: 'note', message: 'say why' },
      { row: 4, column: 'code', message: 'give the code' },
    ]);
    expect(inWords(spec, errors[0]!)).toBe('Row 2, Amount (₹): write whole rupees');
  });

  it('sorts a module’s errors with the schema’s by row and the sheet’s column order', () => {
    const errs = rowErrors([{ row: 3, column: 'note', message: 'b' }]);
    errs.fail(3, 'code', 'a');
    errs.fail(2, 'amount', 'c');
    expect(errs.sorted(spec).map((e) => `${e.row}:${e.column}`)).toEqual(['2:amount', '3:code', '3:note']);
    expect([...errs.bad].sort()).toEqual([2, 3]);
  });
});

describe('templates from a column list', () => {
  it('writes the header (required columns marked), pre-filled rows, further sheets and notes', async () => {
    const buf = await buildSheetTemplate(spec, {
      rows: [{ code: 'E1', name: 'Asha', amount: 100 }],
      sheets: [{ name: 'Types', columns: [{ header: 'Type', key: 'type' }], rows: [{ type: 'Bonus' }] }],
      notes: ['Fill in the amounts.'],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Items', 'Types', 'Notes']);
    const ws = wb.getWorksheet('Items')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Employee code',
      'Employee name',
      'Amount (₹)',
      'Note',
    ]);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['E1', 'Asha', 100]);
    expect(ws.getRow(1).getCell(1).font?.color?.argb).toBe('FFC00000');
    expect(ws.getRow(1).getCell(2).font?.color).toBeUndefined();
    expect(wb.getWorksheet('Notes')!.getRow(2).getCell(1).value).toBe('Fill in the amounts.');
    // The template reads back as its own rows.
    expect(await readSheetFile({ name: 't.xlsx', data: buf }, spec)).toEqual([
      { row: 2, values: { code: 'E1', amount: '100', note: '' } },
    ]);
  });
});

describe('cell words of the contract', () => {
  it('reads months as people write them', () => {
    expect(
      ['Oct 2026', 'october 2026', 'Oct-2026', 'Sept 2026', '2026-10', '2026-10-01', '10/2026'].map(
        sheetMonthOf,
      ),
    ).toEqual(['2026-10', '2026-10', '2026-10', '2026-09', '2026-10', '2026-10', '2026-10']);
    expect(['Octember 2026', '2026-13', 'Oct', '13/2026', 'x 2026'].map(sheetMonthOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads rupees to paise, refusing fractions of a paisa but not a number cell’s binary noise', () => {
    expect(
      ['2500', '2,500.50', '₹ 1,00,000', 'Rs.99.9', '0.1', '123.45000000000002'].map(sheetPaiseOf),
    ).toEqual([250000, 250050, 10000000, 9990, 10, 12345]);
    expect(sheetPaiseOf('12.345')).toBeNaN();
    expect(sheetPaiseOf('ten')).toBeNull();
    expect(sheetPaiseOf('-5')).toBe(-500);
  });
});
