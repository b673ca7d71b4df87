import { csvFileName, downloadCsv, endOfCurrentYear, exportFileName, monthDays, toCsv } from './export';

describe('month helpers', () => {
  it('lists every day of the month with two-digit day and short weekday', () => {
    const days = monthDays(new Date(2024, 1, 10), 'initials');
    expect(days).toHaveLength(29);
    expect(days[0]).toBe('01 Thu');
    expect(days[28]).toBe('29 Thu');
  });

  it('lists the days as Date objects', () => {
    const days = monthDays(new Date(2025, 3, 30), 'dates');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual(new Date(2025, 3, 1));
    expect(days[29]).toEqual(new Date(2025, 3, 30));
  });

  it('gives 31 December of the current year', () => {
    expect(endOfCurrentYear(new Date(2026, 4, 17))).toEqual(new Date(2026, 11, 31));
    expect(endOfCurrentYear().getFullYear()).toBe(new Date().getFullYear());
  });
});

describe('CSV export', () => {
  it('names the file {prefix}-{MM-YYYY}.csv from the given date', () => {
    expect(csvFileName('attendance', new Date(2026, 0, 31))).toBe('attendance-01-2026.csv');
    expect(csvFileName('logs', '2025-11-05')).toBe('logs-11-2025.csv');
    expect(exportFileName('attendance', new Date(2026, 8, 1), 'xlsx')).toBe('attendance-09-2026.xlsx');
  });

  it('quotes cells that need it', () => {
    expect(
      toCsv([
        ['Name', 'Note'],
        ['Rao, Asha', 'said "hi"'],
        ['Ravi', null],
      ]),
    ).toBe('Name,Note\r\n"Rao, Asha","said ""hi"""\r\nRavi,');
  });

  it('downloads text/csv under the month name', () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const name = downloadCsv('report', [['a', 1]], new Date(2026, 6, 4));
    expect(name).toBe('report-07-2026.csv');
    expect(click).toHaveBeenCalledOnce();
    expect(created[0]?.type).toBe('text/csv;charset=utf-8');
    click.mockRestore();
  });
});
