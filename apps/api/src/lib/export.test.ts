import { exportFileName, safeCell } from './export';

describe('export cells', () => {
  it('escapes text a spreadsheet would run as a formula, and only text', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(safeCell(`${lead}1+1`)).toBe(`'${lead}1+1`);
    expect(safeCell('Priya')).toBe('Priya');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell(null)).toBeNull();
  });

  it('names files {prefix}-{MM-YYYY}.{ext} from the company date', () => {
    expect(exportFileName('muster', '2026-03-01', 'xlsx')).toBe('muster-03-2026.xlsx');
    expect(exportFileName('joiners-leavers', '2026-11-30', 'csv')).toBe('joiners-leavers-11-2026.csv');
  });
});
