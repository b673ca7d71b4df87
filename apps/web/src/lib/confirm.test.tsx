import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, confirm, confirmTransitionDuration } from './confirm';

describe('confirm dialog', () => {
  it('resolves true on accept and false on reject', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <ConfirmHost />
      </MantineProvider>,
    );
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({
        title: 'Delete letter',
        message: 'Really?',
        acceptLabel: 'Delete',
        rejectLabel: 'Keep',
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({
        title: 'Delete letter',
        message: 'Really?',
        acceptLabel: 'Delete',
        rejectLabel: 'Keep',
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Keep' }));
    await expect(answer).resolves.toBe(false);
  });

  it('uses 150 ms when centered and 300 ms otherwise', () => {
    expect(confirmTransitionDuration(true)).toBe(150);
    expect(confirmTransitionDuration(false)).toBe(300);
  });
});
