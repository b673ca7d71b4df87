/**
 * The PDF readers of the payslip tests (pdftotext, pdfinfo, qpdf; skipped without them on a
 * developer's machine, failing in CI), for other modules' tests: a module's tests may not reach
 * into the pay run module's files.
 */
export { pdfinfo, pdfToolsPresent, pdftotext, qpdfCheck, textOf } from '../modules/payrun/pdf/test-tools';
