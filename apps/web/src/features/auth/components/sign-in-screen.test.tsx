import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { SignInScreen } from './sign-in-screen';

describe('SignInScreen', () => {
  it('has labelled fields, a sign-in button and a link to forgot password', () => {
    renderWithProviders(<SignInScreen />, { route: '/sign-in' });
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // Only the field answers to "password": the eye button's name does not contain the word.
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show or hide characters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows validation messages instead of submitting an empty form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInScreen />, { route: '/sign-in' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects a malformed email', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInScreen />, { route: '/sign-in' });
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });
});
