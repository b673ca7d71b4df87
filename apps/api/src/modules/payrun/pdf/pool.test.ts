import { type PayslipPdfDoc, renderPayslipPdf } from './payslip-pdf';
import { samplePayslipDoc } from './payslip-pdf.fixtures';
import { createPdfPool, type PdfPool } from './pool';
import { pdfToolsPresent, pdftotext, textOf } from './test-tools';

describe('PDF worker pool', () => {
  let pool: PdfPool;
  beforeAll(() => {
    pool = createPdfPool({ threads: 2 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('renders documents in order, byte for byte as the renderer does on this thread', async () => {
    const docs = Array.from({ length: 40 }, (_, i) => samplePayslipDoc(i));
    const pdfs = await pool.render(docs);
    expect(pdfs).toHaveLength(40);
    pdfs.forEach((pdf, i) => {
      expect(Buffer.isBuffer(pdf)).toBe(true);
      expect(pdf.equals(renderPayslipPdf(docs[i]!))).toBe(true);
    });
    // Calls at the same time share the workers and each gets its own files.
    const [a, b] = await Promise.all([pool.render(docs.slice(0, 3)), pool.render(docs.slice(10, 12))]);
    expect(a.map((p) => p.equals(pdfs[0]!) || p.equals(pdfs[1]!) || p.equals(pdfs[2]!))).toEqual([
      true,
      true,
      true,
    ]);
    expect(a[2]!.equals(pdfs[2]!)).toBe(true);
    expect(b[1]!.equals(pdfs[11]!)).toBe(true);
    expect(await pool.render([])).toEqual([]);
  });

  it.skipIf(!pdfToolsPresent)('protects each document with its own password', async () => {
    const docs = [samplePayslipDoc(1), samplePayslipDoc(2), samplePayslipDoc(3)];
    const [one, two, three] = await pool.render(docs, { passwords: ['ABCP1990', null, 'EMP010031988'] });
    expect(textOf(one!, 'ABCP1990')).toContain('Ananya Krishnamurthy 1');
    expect(pdftotext(one!, { userPassword: 'EMP010031988' }).status).not.toBe(0);
    expect(pdftotext(one!).status).not.toBe(0);
    expect(two!.equals(renderPayslipPdf(docs[1]!))).toBe(true);
    expect(textOf(three!, 'EMP010031988')).toContain('Ananya Krishnamurthy 3');
  });

  it('fails a call on a document that cannot be rendered, naming it, and goes on working', async () => {
    const bad = samplePayslipDoc(5);
    bad.payslip.lines[0]!.amount_paise = 10.5;
    const docs = [samplePayslipDoc(4), bad, samplePayslipDoc(6)];
    await expect(pool.render(docs)).rejects.toThrow(
      'Payslip PDF 2 failed: Not a whole number of paise: 10.5',
    );
    await expect(pool.render(docs, { passwords: ['x'] })).rejects.toThrow('1 passwords for 3 documents');
    const uncopyable = { ...samplePayslipDoc(7), extra: () => 1 } as PayslipPdfDoc;
    await expect(pool.render([uncopyable])).rejects.toThrow('could not be sent to a worker');
    const [ok] = await pool.render([samplePayslipDoc(4)]);
    expect(ok!.equals(renderPayslipPdf(samplePayslipDoc(4)))).toBe(true);
  });

  it('refuses work once closed, and fails the calls still running', async () => {
    const own = createPdfPool({ threads: 1 });
    const running = expect(
      own.render(Array.from({ length: 200 }, (_, i) => samplePayslipDoc(i))),
    ).rejects.toThrow(/closed/);
    await own.close();
    await running;
    await expect(own.render([samplePayslipDoc(0)])).rejects.toThrow('The PDF pool is closed');
    expect(() => createPdfPool({ threads: 0 })).toThrow(RangeError);
  });

  it('replaces a worker that dies, failing only the call it was working on', async () => {
    const own = createPdfPool({
      threads: 1,
      workerModule: new URL('./pool.test-worker.mjs', import.meta.url),
    });
    try {
      const crash = samplePayslipDoc(1);
      crash.payslip.employee.code = 'CRASH';
      await expect(own.render([crash])).rejects.toThrow('A PDF worker stopped: exit code 3');
      const [pdf] = await own.render([samplePayslipDoc(2)]);
      expect(pdf!.equals(renderPayslipPdf(samplePayslipDoc(2)))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it('stops starting workers that cannot start, and says so', async () => {
    const own = createPdfPool({
      threads: 1,
      workerModule: new URL('data:text/javascript,throw new Error("this worker cannot start")'),
    });
    try {
      await expect(own.render([samplePayslipDoc(1)])).rejects.toThrow('this worker cannot start');
      await vi.waitFor(() =>
        expect(own.render([samplePayslipDoc(1)])).rejects.toThrow('The PDF workers keep stopping'),
      );
    } finally {
      await own.close();
    }
  });
});
