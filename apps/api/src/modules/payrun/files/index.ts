import type { PayRunFileKind } from '@hr/contract';
import { bankHdfc, bankTransferCsv } from './bank';
import { epfEcr } from './epf-ecr';
import { esiContribution } from './esi';
import { buildJournal, journalCsv, tallyXml } from './journal';
import { lwfSummary, ptSummary } from './pt-lwf';
import { payRegister } from './register';
import type { FileInput, GeneratedFile } from './types';

/**
 * The bank and statutory files of a confirmed pay run (issue 22): pure functions of a `FileInput`,
 * no database and no clock, each layout documented with its source in docs/payroll-files.md.
 */

const WRITERS: Record<PayRunFileKind, (input: FileInput) => GeneratedFile | Promise<GeneratedFile>> = {
  'bank-transfer-csv': bankTransferCsv,
  'bank-hdfc': bankHdfc,
  'epf-ecr': epfEcr,
  'esi-contribution': esiContribution,
  'pt-summary': ptSummary,
  'lwf-summary': lwfSummary,
  'pay-register': payRegister,
  'journal-csv': journalCsv,
  'tally-xml': tallyXml,
};

/** The file of one kind for a confirmed run (async: the .xlsx writers are). */
export async function generateRunFile(kind: PayRunFileKind, input: FileInput): Promise<GeneratedFile> {
  return WRITERS[kind](input);
}

export type { FileCompany, FileInput, FileRun, FileSlip, GeneratedFile, LeftOut } from './types';
export {
  bankHdfc,
  bankTransferCsv,
  buildJournal,
  epfEcr,
  esiContribution,
  journalCsv,
  lwfSummary,
  payRegister,
  ptSummary,
  tallyXml,
};
