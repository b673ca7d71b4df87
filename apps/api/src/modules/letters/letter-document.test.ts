import { renderMergeFields, unknownMergeFields, usedMergeFields } from '@hr/contract';
import {
  formatLetterDate,
  formatRupees,
  letterDocDefinition,
  renderLetter,
  renderLetterPdf,
} from './letter-document';

const facts = {
  employee_name: 'Asha Rao',
  employee_code: 'EMP-7',
  designation: 'Engineer',
  date_of_joining: '2024-01-15',
  company_name: 'Acme',
  issue_date: '2026-04-01',
  ctc_paise: 1_234_567_89,
};

it('formats dates as calendar dates and amounts as ₹ with en-IN grouping', () => {
  expect(formatLetterDate('2026-04-01')).toBe('1 April 2026');
  expect(formatLetterDate('2025-12-31')).toBe('31 December 2025');
  expect(formatRupees(123456789)).toBe('₹12,34,567.89');
  expect(formatRupees(0)).toBe('₹0.00');
});

it('finds unknown and used merge fields and fills known ones', () => {
  expect(unknownMergeFields('Dear {{employee_name}}, {{salary}} {{ salary }} {{ctc}} {{}}')).toEqual([
    'salary',
    '',
  ]);
  expect(usedMergeFields('{{ctc}} {{employee_name}} {{ctc}}')).toEqual(['ctc', 'employee_name']);
  expect(renderMergeFields('{{ employee_name }} / {{ctc}}', { employee_name: 'A' })).toBe('A / {{ctc}}');
});

it('renders a letter for an employee', () => {
  const text = renderLetter(
    {
      title: 'Increment for {{employee_name}}',
      body: '{{company_name}} revises your CTC to {{ctc}} from {{issue_date}}. Joined {{date_of_joining}} as {{designation}} ({{employee_code}}).',
    },
    facts,
  );
  expect(text.title).toBe('Increment for Asha Rao');
  expect(text.body).toBe(
    'Acme revises your CTC to ₹12,34,567.89 from 1 April 2026. Joined 15 January 2024 as Engineer (EMP-7).',
  );
});

it('lays out company, date, title and one block per paragraph', () => {
  const def = letterDocDefinition({
    title: 'Offer',
    body: 'Dear Asha,\r\n\r\nYour CTC is ₹12,00,000.00.\n  \nRegards',
    company_name: 'Acme',
    issue_date: '2026-04-01',
  });
  const texts = (def.content as { text: string }[]).map((c) => c.text);
  expect(texts).toEqual([
    'Acme',
    '1 April 2026',
    'Offer',
    'Dear Asha,',
    'Your CTC is ₹12,00,000.00.',
    'Regards',
  ]);
  expect(def.defaultStyle).toMatchObject({ font: 'Roboto' });
});

it('renders a PDF whose embedded font maps a glyph to ₹ (U+20B9)', async () => {
  const def = letterDocDefinition({
    title: 'Offer',
    body: 'CTC ₹12,00,000.00',
    company_name: 'Acme',
    issue_date: '2026-04-01',
  });
  const pdf = await renderLetterPdf({ ...def, compress: false });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdf.toString('latin1');
  expect(text).toContain('Roboto');
  // The ToUnicode map of the embedded subset names the rupee sign: the glyph is in the font.
  expect(text.toLowerCase()).toContain('20b9');
});
