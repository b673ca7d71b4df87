import { fixtureRows, fixtureXlsx } from '../modules/employees/upload-fixtures';
import { AppError } from './errors';
import { assertSafeXlsx, DEFAULT_XLSX_LIMITS } from './xlsx-guard';
import { bombXlsx, buildZip } from './xlsx-guard.fixtures';

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('assertSafeXlsx', () => {
  it('lets an ordinary workbook through', async () => {
    await expect(assertSafeXlsx(await fixtureXlsx(fixtureRows(300)), 'people.xlsx')).resolves.toBeUndefined();
  });

  it('refuses a bomb by its declared size, naming the file and the limit', async () => {
    // ~1.6 million rows: ~120 MB inflated from a few hundred KB.
    const bomb = bombXlsx(1_600_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const err = await refusal(assertSafeXlsx(bomb, 'bomb.xlsx'));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(
      /^bomb\.xlsx was refused: it would unpack to \d+(\.\d)? MB, more than the limit of 64 MB$/,
    );
  });

  it('refuses a bomb whose declared sizes lie, by inflating under the cap', async () => {
    const bomb = bombXlsx(1_600_000, { declaredSize: 1000 });
    const heapBefore = process.memoryUsage().heapUsed;
    // Rows unlimited here, so the size cap is what stops it.
    const limits = { ...DEFAULT_XLSX_LIMITS, maxRows: 100_000_000 };
    const err = await refusal(assertSafeXlsx(bomb, 'liar.xlsx', limits));
    expect(err.message).toBe('liar.xlsx was refused: it unpacks to more than the limit of 64 MB');
    // Nothing inflated is kept: the heap does not grow by anything like the 64 MB inflated.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a sheet with more rows than the limit, counted while inflating', async () => {
    const err = await refusal(assertSafeXlsx(bombXlsx(25_000, { declaredSize: 10 }), 'rows.xlsx'));
    expect(err.message).toBe('rows.xlsx was refused: a sheet has more than the limit of 20,001 rows');
    await expect(assertSafeXlsx(bombXlsx(20_000), 'rows.xlsx')).resolves.toBeUndefined();
  });

  it('refuses too many parts and oversized shared strings', async () => {
    const many = buildZip(
      Array.from({ length: 201 }, (_, i) => ({ name: `p${i}.xml`, content: Buffer.from('x') })),
    );
    expect((await refusal(assertSafeXlsx(many, 'many.xlsx'))).message).toBe(
      'many.xlsx was refused: it holds 201 parts, more than the limit of 200',
    );
    const strings = buildZip([
      {
        name: 'xl/sharedStrings.xml',
        content: { head: '<sst>', repeat: '<si><t>abc</t></si>', times: 1_000_000, tail: '</sst>' },
        declaredSize: 100,
      },
    ]);
    expect(
      (
        await refusal(
          assertSafeXlsx(strings, 's.xlsx', { ...DEFAULT_XLSX_LIMITS, maxSharedStringsBytes: 1024 * 1024 }),
        )
      ).message,
    ).toBe('s.xlsx was refused: its shared strings exceed the limit of 1 MB');
  });

  it('answers 415 for bytes that are not a zip, or a zip whose data is cut', async () => {
    expect((await refusal(assertSafeXlsx(Buffer.from('PK\x03\x04 not really'), 'x.xlsx'))).status).toBe(415);
    const good = await fixtureXlsx(fixtureRows(3));
    const cut = Buffer.concat([good.subarray(0, 100), Buffer.alloc(good.length - 100)]);
    // The central directory is intact only in `good`; zeros in its place make it unreadable.
    expect((await refusal(assertSafeXlsx(cut, 'cut.xlsx'))).status).toBe(415);
  });
});
