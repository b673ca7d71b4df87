/**
 * The sheet-import seam (issue 22, ADR 0017): every spreadsheet upload goes through it. A sheet is
 * a column list (`SheetSpec`); from it come the template (`buildSheetTemplate`), the guarded read
 * of an upload (`readSheetFile`: kind by content, the .xlsx upload guard, header mapping, limits),
 * row validation against a contract schema with errors in words on row and column (`checkRows`,
 * `rowErrors`, `inWords`), and the stored imports identified by the content's hash (`saveImport`,
 * `currentImport`, `markCommitted`, `markRemoved`), so the same sheet twice doubles nothing.
 */
export {
  contentHash,
  headerKey,
  parseCsvRows,
  parseXlsxRows,
  type RawRow,
  readSheetFile,
  type SheetColumn,
  type SheetSpec,
  sheetFileKind,
} from './read';
export {
  currentImport,
  importById,
  markCommitted,
  markRemoved,
  type SheetImport,
  saveImport,
} from './store';
export { buildSheetTemplate, type TemplateSheet, XLSX_TYPE } from './template';
export { uploadedFile } from './upload';
export { type CheckedRow, checkRows, inWords, type RowError, rowErrors } from './validate';
