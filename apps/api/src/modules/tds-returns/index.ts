/**
 * The quarterly TDS return on salary, Form 24Q (issue 23): challans, the return's check and its
 * file. It reads pay runs only through modules/payrun. Other modules use this file only.
 */
export { tdsReturnsRoutes } from './tds-returns.routes';
export { createTdsReturnsService, type TdsReturnsService } from './tds-returns.service';
