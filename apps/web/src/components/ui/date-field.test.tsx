import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { DateField } from './date-field';

describe('DateField', () => {
  it('names its clear button after its label, and clearing empties the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<DateField label="From date" value="2026-11-23" onChange={onChange} />);
    expect(screen.getByLabelText('From date')).toHaveValue('23 Nov 2026');
    await user.click(screen.getByRole('button', { name: 'Clear from date' }));
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('a required field has nothing to clear; a name given by the form wins', () => {
    const { unmount } = renderWithProviders(
      <DateField label="Joining date" required value="2026-11-23" onChange={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: /^Clear/ })).toBeNull();
    unmount();
    renderWithProviders(
      <DateField
        label="Proof window opens"
        value="2026-11-23"
        onChange={() => undefined}
        clearButtonProps={{ 'aria-label': 'Clear the opening date' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Clear the opening date' })).toBeInTheDocument();
  });
});
