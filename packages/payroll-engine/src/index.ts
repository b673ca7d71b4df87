/**
 * @hr/payroll-engine: pure, deterministic India payroll (issue 14). No database, clock or
 * environment inside; money in integer paise; statutory figures as dated data with their source.
 */
export const ENGINE_VERSION = '0.1.0';
