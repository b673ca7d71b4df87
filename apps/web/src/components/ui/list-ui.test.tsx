import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost } from '../../lib/confirm';
import { renderWithProviders } from '../../test/render';
import { ListState } from './list-states';
import { Pager } from './pager';
import { RowActions } from './row-actions';
import { SearchBar } from './search-bar';

const query = (over: Partial<Parameters<typeof ListState>[0]['query']>) => ({
  isPending: false,
  isError: false,
  error: null,
  data: {},
  refetch: vi.fn(),
  ...over,
});

describe('shared list pieces', () => {
  it('ListState shows the error with a retry, the loader, then the empty line', async () => {
    const user = userEvent.setup();
    const failed = query({ isError: true, error: new Error('Boom'), data: undefined });
    const show = (q: ReturnType<typeof query>) =>
      renderWithProviders(
        <ListState query={q} what="assets" empty>
          rows
        </ListState>,
      ).unmount;
    let unmount = show(failed);
    expect(screen.getByText('Could not load assets')).toBeInTheDocument();
    expect(screen.getByText('Boom')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalled();
    unmount();

    unmount = show(query({ isPending: true, data: undefined }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading assets…');
    unmount();

    show(query({}));
    expect(screen.getByText('No assets yet.')).toBeInTheDocument();
  });

  it('Pager summarises the page and names its buttons', () => {
    renderWithProviders(<Pager total={42} page={2} records={10} noun="assets" onPage={() => {}} />);
    expect(screen.getByText('Showing 11–20 of 42 assets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
  });

  it('SearchBar submits through its Search button', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderWithProviders(
      <SearchBar
        label="Search assets"
        fieldLabel="Search"
        value="x"
        onChange={() => {}}
        onSearch={onSearch}
      />,
    );
    expect(screen.getByRole('form', { name: 'Search assets' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('RowActions asks before deleting', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <>
        <ConfirmHost />
        <RowActions
          edit={{ label: 'Edit A1', onClick: onEdit }}
          remove={{ label: 'Delete A1', title: 'Delete asset', message: 'Delete A1?', onConfirm }}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Edit A1' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete A1' }));
    expect(await screen.findByText('Delete A1?')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
