import ExcelJS from 'exceljs';
import type { SheetSpec } from './read';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A further sheet of the template: a table of allowed values, the month's employees, notes. */
export type TemplateSheet = {
  name: string;
  columns: { header: string; key: string; width?: number }[];
  rows: Record<string, string | number | null>[];
};

/**
 * A template from a sheet's column list: the data sheet with its header (required columns in red
 * with a "Required" comment, the header frozen) and any pre-filled rows, then further sheets (notes
 * in words, allowed values). The upload reads the data sheet by name, so the others may stay.
 */
export async function buildSheetTemplate(
  spec: SheetSpec,
  opts: {
    rows?: Record<string, string | number | null>[];
    sheets?: TemplateSheet[];
    /** Lines of a "Notes" sheet (after the other sheets). */
    notes?: string[];
  } = {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'HR App';
  const sheet = wb.addWorksheet(spec.sheetName);
  sheet.columns = spec.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? Math.max(14, c.header.length + 4),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  for (const [i, c] of spec.columns.entries()) {
    const cell = header.getCell(i + 1);
    if (c.required) {
      cell.font = { bold: true, color: { argb: 'FFC00000' } };
      cell.note = c.note ? `Required. ${c.note}` : 'Required';
    } else if (c.note) cell.note = c.note;
  }
  for (const r of opts.rows ?? []) sheet.addRow(r);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  for (const s of opts.sheets ?? []) {
    const ws = wb.addWorksheet(s.name);
    ws.columns = s.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
    ws.getRow(1).font = { bold: true };
    for (const r of s.rows) ws.addRow(r);
  }
  if (opts.notes?.length) {
    const ws = wb.addWorksheet('Notes');
    ws.columns = [{ header: 'Notes', key: 'note', width: 110 }];
    ws.getRow(1).font = { bold: true };
    for (const note of opts.notes) ws.addRow({ note });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
