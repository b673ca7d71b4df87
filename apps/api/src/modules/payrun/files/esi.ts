import {
  ddmmyyyy,
  digitsOf,
  layoutText,
  leftOut,
  line,
  monthEnd,
  runFileName,
  runWorkbook,
  rupees2,
  XLSX_TYPE,
} from './format';
import type { FileInput, FileSlip, GeneratedFile, LeftOut } from './types';

/**
 * ESIC monthly contribution upload (docs/payroll-files.md §4): the six columns of ESIC's "MC"
 * template — IP number, IP name, days paid, wages, reason code for zero days, last working day —
 * every cell as text, as the template asks. ESIC computes the contributions from the wages.
 */

export const ESI_HEADERS = [
  'IP Number',
  'IP Name',
  'No of Days for which wages paid/payable during the month',
  'Total Monthly Wages',
  'Reason Code for Zero workings days',
  'Last Working Day',
] as const;

/** ESIC's reason codes for a month with no days paid that the app can tell apart. */
export const ESI_REASON = { onLeave: '1', leftService: '2' } as const;

/** Days paid as ESIC takes them: a whole number, fractions rounded up (ESIC's instruction). */
export function esiDays(payable: number): number {
  return Math.ceil(payable);
}

/**
 * A month with no days paid: "left service" (2) with the exit date as the last working day when the
 * employee left by the month's end (ESIC then drops the IP from the next month); otherwise the days
 * were loss of pay inside employment, "on leave" (1), with no date. A part month (days > 0) carries
 * neither, as ESIC asks.
 */
export function zeroDayReason(slip: FileSlip, month: string): { code: string; last: string } {
  const exit = slip.employee.exit_date;
  if (exit && exit <= monthEnd(month)) return { code: ESI_REASON.leftService, last: ddmmyyyy(exit) };
  return { code: ESI_REASON.onLeave, last: '' };
}

export async function esiContribution(input: FileInput): Promise<GeneratedFile> {
  const rows: string[][] = [];
  const left_out: LeftOut[] = [];
  for (const slip of input.slips) {
    const ee = line(slip, 'ESI_EE');
    // No ESI_EE line: not covered this month (ESI_INFO) or the establishment is not under ESI.
    if (!ee) continue;
    const ip = digitsOf(slip.employee.esi_number, 10);
    if (!ip) {
      left_out.push(
        leftOut(
          slip,
          slip.employee.esi_number ? 'The ESI IP number is not 10 digits' : 'No ESI IP number on record',
        ),
      );
      continue;
    }
    // ESIC takes alphabets and spaces only in the IP name.
    const name = layoutText(slip.employee.name, /[A-Za-z ]/, 100);
    if (!name) {
      left_out.push(leftOut(slip, 'The name has no letters the ESI file can carry'));
      continue;
    }
    const days = esiDays(slip.payable_days);
    const zero = days === 0 ? zeroDayReason(slip, input.run.month) : { code: '', last: '' };
    // Wages to the paisa: ESIC rounds each share up from these, as the engine did (Rule 51).
    rows.push([ip, name, String(days), rupees2(ee.base ?? 0), zero.code, zero.last]);
  }
  const workbook = runWorkbook(input);
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = ESI_HEADERS.map((header) => ({ header, width: 22, style: { numFmt: '@' } }));
  for (const r of rows) sheet.addRow(r);
  return {
    file_name: runFileName('esi-contribution', input.run.month, 'xlsx'),
    content_type: XLSX_TYPE,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    left_out,
  };
}
