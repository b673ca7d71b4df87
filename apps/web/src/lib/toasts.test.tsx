import { act, render, screen } from '@testing-library/react';
import { AppToastContainer, dismissToast, toastError, toastLoading, updateToast } from './toasts';

describe('toasts', () => {
  it('loads react-toastify with the first toast and shows toasts raised before it loaded', async () => {
    const { container } = render(<AppToastContainer />);
    // Nothing is mounted (or loaded) until a toast is raised.
    expect(container).toBeEmptyDOMElement();
    let id: string | number = '';
    act(() => {
      toastError('Could not save');
      id = toastLoading('Uploading…');
    });
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    act(() => updateToast(id, 'Uploaded'));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    act(() => dismissToast());
  });
});
