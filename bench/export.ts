/**
 * The streaming export writer (apps/api/src/lib/export.ts) at the size: 100,000 rows to
 * .xlsx and to CSV, into a sink that only counts bytes. Prints the time and how far the process's
 * resident memory rose above where it started (sampled every 20 ms).
 *
 *   npx tsx bench/export.ts [rows]
 *
 * This measures the writer a report export runs through, not the database reads feeding it (those
 * are keyset batches of 2,000 rows, one short read each).
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ExportColumn, exportStream } from '../apps/api/src/lib/export';

type Row = {
  date: string;
  code: string;
  name: string;
  designation: string;
  division: string;
  amount: number;
};
const COLUMNS: ExportColumn<Row>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'Employee code', value: (r) => r.code },
  { header: 'Employee name', value: (r) => r.name },
  { header: 'Designation', value: (r) => r.designation },
  { header: 'Division', value: (r) => r.division },
  { header: 'Amount', value: (r) => r.amount },
];

async function* rows(n: number): AsyncGenerator<Row> {
  for (let i = 0; i < n; i++) {
    yield {
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      code: `EMP${String(i).padStart(6, '0')}`,
      name: i % 1000 === 0 ? `=CMD("x") ${i}` : `Employee Number ${i}`,
      designation: ['Engineer', 'Analyst', 'Manager', 'Associate'][i % 4]!,
      division: ['Engineering', 'Operations', 'Sales'][i % 3]!,
      amount: (i * 7919) % 10_000_000,
    };
  }
}

async function run(format: 'csv' | 'xlsx', n: number) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const start = performance.now();
  await pipeline(await exportStream(format, COLUMNS, rows(n), 'Bench'), sink);
  const ms = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${format}: ${n.toLocaleString('en-IN')} rows in ${(ms / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB written, RSS +${((peak - base) / 1e6).toFixed(0)} MB`,
  );
}

const n = Number(process.argv[2] ?? 100_000);
await run('xlsx', n);
await run('csv', n);
