/**
 * Payslip PDFs (issue 22): 10,000 payslips through the worker pool with 2 threads, target ≤ 30 s.
 * Run: npx tsx bench/payslip-pdf.ts [--count 10000] [--threads 2]
 *
 * The payslips are the tests' realistic one (14 lines, 11 shown), each with its own name, code and
 * amounts, built before the clock starts (in the app they come from the database). Two passes: plain
 * files, then password-protected ones (AES-256, a password per employee). Each pass starts a new
 * pool, so the figures include starting the workers; CPU is the whole process's (all threads).
 */
import { parseArgs } from 'node:util';
import { payslipPassword } from '../apps/api/src/modules/payrun/pdf/password';
import { renderPayslipPdf } from '../apps/api/src/modules/payrun/pdf/payslip-pdf';
import { samplePayslipDoc } from '../apps/api/src/modules/payrun/pdf/payslip-pdf.fixtures';
import { createPdfPool } from '../apps/api/src/modules/payrun/pdf/pool';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '10000' }, threads: { type: 'string', default: '2' } },
});
const count = Number(values.count);
const threads = Number(values.threads);

const docs = Array.from({ length: count }, (_, i) => samplePayslipDoc(i));
const passwords = docs.map((d, i) =>
  payslipPassword({
    pan: `ABC${'PH'[i % 2]}E${String(1000 + (i % 9000))}F`,
    dateOfBirth: '1990-05-17',
    employeeCode: d.payslip.employee.code,
  }),
);

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function pass(label: string, protect: boolean) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const pool = createPdfPool({ threads });
  try {
    // One document per thread first: the workers have loaded (tsx compiles the renderer) when it returns.
    await pool.render(docs.slice(0, threads), protect ? { passwords: passwords.slice(0, threads) } : {});
    const t1 = performance.now();
    const pdfs = await pool.render(docs, protect ? { passwords } : {});
    const t2 = performance.now();
    const cpu = cpuMs(process.cpuUsage(cpu0));
    const bytes = pdfs.reduce((s, p) => s + p.length, 0);
    const render = (t2 - t1) / 1000;
    const total = (t2 - t0) / 1000;
    console.log(
      `${label}: ${count.toLocaleString('en-IN')} payslips, ${threads} threads: total ${total.toFixed(2)} s ` +
        `(workers start ${((t1 - t0) / 1000).toFixed(2)} s, render ${render.toFixed(2)} s), ` +
        `${((render * 1000) / count).toFixed(2)} ms a payslip, ${(count / render).toFixed(0)} a second; ` +
        `CPU ${(cpu / count).toFixed(2)} ms a payslip; ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(bytes / count)} bytes each; ` +
        `target ≤ 30 s: ${total <= 30 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await pool.close();
  }
}

// The renderer alone on this thread, for the cost of one document without the pool.
function single(label: string, protect: boolean, n: number) {
  for (let i = 0; i < 50; i++) renderPayslipPdf(docs[i % count]!, protect ? { password: passwords[0] } : {});
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++)
    renderPayslipPdf(docs[i % count]!, protect ? { password: passwords[i % count] } : {});
  const wall = performance.now() - t0;
  console.log(
    `${label}, one thread, ${n} payslips: ${(wall / n).toFixed(2)} ms wall, ${(cpuMs(process.cpuUsage(cpu0)) / n).toFixed(2)} ms CPU a payslip`,
  );
}

console.log(
  `Node ${process.version}, load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
single('plain', false, 1000);
single('password', true, 300);
await pass('plain', false);
await pass('password', true);
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
