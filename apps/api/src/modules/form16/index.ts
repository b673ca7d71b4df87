/**
 * Form 16 Part B (issue 23): certificates per employee and financial year from the year's confirmed
 * payslips (module payrun) and declarations (module tax). Other modules use this file only.
 */

export { form16Routes } from './form16.routes';
export { createForm16Service, defineForm16Jobs, type Form16Deps, type Form16Service } from './form16.service';
