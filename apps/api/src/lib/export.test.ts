import type { Readable } from 'node:stream';
import { type ExportColumn, exportFileName, exportStream, safeCell } from './export';

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

describe('export streams', () => {
  type Row = { name: string };
  const columns: ExportColumn<Row>[] = [{ header: 'Name', value: (r) => r.name }];
  async function* rows(names: string[], failAt = -1): AsyncGenerator<Row> {
    for (let i = 0; i <= names.length; i++) {
      if (i === failAt) throw new Error('date/time field value out of range: "2025-02-30"');
      if (i < names.length) yield { name: names[i]! };
    }
  }
  const text = async (stream: Readable) => {
    let out = '';
    for await (const chunk of stream) out += chunk.toString();
    return out;
  };

  it('a first read that fails is thrown before there is a stream (an error answer, not a cut-off 200)', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      await expect(exportStream(format, columns, rows(['Asha'], 0), 'Sheet')).rejects.toThrow(/out of range/);
    }
  });

  it('the stream holds every row, the first read ahead included, and an empty export its header', async () => {
    expect(await text(await exportStream('csv', columns, rows(['Asha', 'Ravi', 'Meena']), 'Sheet'))).toBe(
      '\uFEFFName\r\nAsha\r\nRavi\r\nMeena\r\n',
    );
    expect(await text(await exportStream('csv', columns, rows([]), 'Sheet'))).toBe('\uFEFFName\r\n');
  });
});
