import type { PageMeta } from '@hr/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { theme } from '../../app/theme';
import { DataTable } from './data-table';
import { FilterSelect, ListSearch } from './list-filters';
import {
  type ListSpec,
  nextSort,
  parseListParams,
  specFromContract,
  toSearchParams,
  useListParams,
} from './list-params';

type Row = { id: string; name: string; email: string };
const SPEC: ListSpec<'name' | 'email' | 'created_at', 'search' | 'status' | 'open'> = {
  sortFields: ['name', 'email', 'created_at'],
  defaultSort: 'name',
  filters: ['search', 'status', 'open'],
  filterDefaults: { open: 'true' },
};

describe('list view in the URL', () => {
  it('parses what it writes, and writes only what differs from the defaults', () => {
    const view = {
      page: 3,
      records: 25,
      sortBy: 'email' as const,
      sortOrder: 'desc' as const,
      search: 'asha',
      status: 'active',
      open: 'true',
    };
    const query = toSearchParams(view, SPEC);
    expect(query.toString()).toBe('page=3&records=25&sortBy=email&sortOrder=desc&search=asha&status=active');
    expect(parseListParams(query, SPEC)).toEqual(view);

    expect(toSearchParams(parseListParams(new URLSearchParams(), SPEC), SPEC).toString()).toBe('');
  });

  it('keeps a cleared filter that has a default cleared', () => {
    const cleared = parseListParams(new URLSearchParams('open='), SPEC);
    expect(cleared.open).toBeUndefined();
    expect(toSearchParams(cleared, SPEC).toString()).toBe('open=');
    expect(parseListParams(new URLSearchParams(), SPEC).open).toBe('true');
  });

  it('falls back to the defaults for anything a list does not offer', () => {
    const p = parseListParams(
      new URLSearchParams('page=-2&records=500&sortBy=password&sortOrder=up&other=x'),
      SPEC,
    );
    expect(p).toEqual({ page: 1, records: 10, sortBy: 'name', sortOrder: 'asc', open: 'true' });
  });

  it('sorts a new column ascending and flips the same one', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'email')).toEqual({
      sortBy: 'email',
      sortOrder: 'asc',
    });
    expect(nextSort({ sortBy: 'email', sortOrder: 'asc' }, 'email')).toEqual({
      sortBy: 'email',
      sortOrder: 'desc',
    });
  });
});

const ROWS: Row[] = Array.from({ length: 10 }, (_, i) => ({
  id: String(i),
  name: `Person ${i}`,
  email: `p${i}@acme.test`,
}));

function ListScreen({ seen }: { seen: (params: unknown) => void }) {
  const list = useListParams(SPEC);
  seen(list.params);
  const meta: PageMeta = { totalCount: 42, page: list.params.page, records: list.params.records };
  const navigate = useNavigate();
  return (
    <>
      <ListSearch list={list} field="search" label="Search people" fieldLabel="Search">
        <FilterSelect
          list={list}
          field="status"
          label="Status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </ListSearch>
      <DataTable
        label="People"
        noun="people"
        list={list}
        rowKey={(r: Row) => r.id}
        query={{
          isPending: false,
          isError: false,
          error: null,
          refetch: () => {},
          data: { items: ROWS, meta },
        }}
        columns={[
          { key: 'name', label: 'Name', sort: 'name', cell: (r) => r.name },
          { key: 'email', label: 'Email', sort: 'email', cell: (r) => r.email },
          {
            key: 'open',
            label: 'Open',
            cell: (r) => (
              <button type="button" onClick={() => navigate(`/people/${r.id}`)}>
                Open {r.name}
              </button>
            ),
          },
        ]}
      />
    </>
  );
}

function Location() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function renderAt(route: string, seen: (params: unknown) => void = () => {}) {
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/people" element={<ListScreen seen={seen} />} />
          <Route path="/people/:id" element={<Back />} />
        </Routes>
        <Location />
      </MemoryRouter>
    </MantineProvider>,
  );
}
const location = () => screen.getByRole('status', { name: 'location' }).textContent;

describe('DataTable with useListParams', () => {
  it('restores the whole view from a shared link', () => {
    const seen = vi.fn();
    renderAt('/people?page=2&records=25&sortBy=email&sortOrder=desc&search=asha&status=active', seen);
    expect(seen).toHaveBeenLastCalledWith({
      page: 2,
      records: 25,
      sortBy: 'email',
      sortOrder: 'desc',
      search: 'asha',
      status: 'active',
      open: 'true',
    });
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByLabelText('Search', { selector: 'input' })).toHaveValue('asha');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('25');
  });

  it('writes page, sort, search and page size to the URL, and Back brings the view back', async () => {
    const user = userEvent.setup();
    renderAt('/people');
    expect(location()).toBe('/people');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(location()).toBe('/people?page=3');

    await user.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button'));
    expect(location()).toBe('/people?sortBy=email');
    await user.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button'));
    expect(location()).toBe('/people?sortBy=email&sortOrder=desc');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByLabelText('Search', { selector: 'input' }), 'asha');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/people?sortBy=email&sortOrder=desc&search=asha');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    const view = '/people?records=50&sortBy=email&sortOrder=desc&search=asha';
    expect(location()).toBe(view);

    await user.click(screen.getByRole('button', { name: 'Open Person 1' }));
    expect(location()).toBe('/people/1');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe(view);
    expect(screen.getByLabelText('Search', { selector: 'input' })).toHaveValue('asha');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('50');
  });

  it('a new search goes back to page 1, and Clear search removes it', async () => {
    const user = userEvent.setup();
    renderAt('/people?page=4&search=asha&status=active');
    const field = screen.getByLabelText('Search', { selector: 'input' });
    await user.clear(field);
    await user.type(field, 'ravi');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/people?search=ravi&status=active');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(location()).toBe('/people?status=active');
    expect(field).toHaveValue('');
  });
});

describe('specFromContract', () => {
  it('takes the sort fields and default sort from the contract', async () => {
    const { AnnouncementListQuerySchema, EmployeeRecordsListQuerySchema, EMPLOYEE_SORT_FIELDS } =
      await import('@hr/contract');
    const spec = specFromContract(EmployeeRecordsListQuerySchema, { filters: ['status'] });
    expect(spec).toEqual({
      sortFields: EMPLOYEE_SORT_FIELDS,
      defaultSort: 'employee_code',
      defaultOrder: 'asc',
      filters: ['status'],
    });
    const ann = specFromContract(AnnouncementListQuerySchema);
    expect(ann.defaultSort).toBe('starts_on');
    expect(ann.defaultOrder).toBe('desc');
    expect(ann.sortFields).toContain('title');
  });
});
