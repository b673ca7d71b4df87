import type { EmployeeDocument } from '@hr/contract';
import { screen, within } from '@testing-library/react';
import { apiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { EmployeeDocuments } from './employee-documents';

const EMP = '11111111-1111-4111-8111-111111111111';
const doc = (id: string, title: string, kind: EmployeeDocument['kind'], canDelete: boolean) =>
  ({
    id,
    employee_id: EMP,
    title,
    file_name: `${title}.pdf`,
    content_type: 'application/pdf',
    size_bytes: 2048,
    uploaded_by: null,
    created_at: '2026-03-10T06:30:00.000Z',
    download_url: `/api/employee/document/${id}/download`,
    kind,
    abilities: { delete: canDelete },
  }) satisfies EmployeeDocument;

afterEach(() => vi.restoreAllMocks());

/*
 * The documents as GET /employee/:id/documents gives them to each caller (files.test.ts and
 * letters.test.ts check the server's figures): an issued letter's file is deletable by an
 * administrator only, the employee's own upload by the employee too.
 */
describe('EmployeeDocuments', () => {
  it("the employee sees no Delete on an issued letter's file, but on their own upload", async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: {
        data: [doc('a1', 'Appointment letter', 'letter', false), doc('a2', 'PAN card', 'upload', true)],
      },
    });
    renderWithProviders(<EmployeeDocuments employeeId={EMP} canEdit />);
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(get).toHaveBeenCalledWith(`/employee/${EMP}/documents`, { silent: true });
    const [, letter, upload] = within(table).getAllByRole('row');
    expect(letter).toHaveTextContent('Appointment letterLetter');
    expect(within(letter!).getByRole('button', { name: 'Download Appointment letter' })).toBeInTheDocument();
    expect(within(letter!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(upload!).getByRole('button', { name: 'Delete PAN card' })).toBeInTheDocument();
  });

  it("the administrator sees Delete on the letter's file", async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: { data: [doc('a1', 'Appointment letter', 'letter', true)] },
    });
    renderWithProviders(<EmployeeDocuments employeeId={EMP} canEdit />);
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByRole('button', { name: 'Delete Appointment letter' })).toBeInTheDocument();
  });

  it('nobody without write rights sees Delete, whatever the row says', async () => {
    vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: { data: [doc('a2', 'PAN card', 'upload', true)] },
    });
    renderWithProviders(<EmployeeDocuments employeeId={EMP} canEdit={false} />);
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
