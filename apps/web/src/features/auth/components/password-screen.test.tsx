import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../../test/render';
import { PasswordScreen } from './password-screen';

const routes = (
  <Routes>
    <Route path="/forgot-password" element={<PasswordScreen />} />
    <Route path="/reset-password" element={<PasswordScreen />} />
  </Routes>
);

describe('PasswordScreen', () => {
  it('is the forgot-password form on /forgot-password', () => {
    renderWithProviders(routes, { route: '/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('is the reset form on /reset-password and checks the new password', async () => {
    const user = userEvent.setup();
    renderWithProviders(routes, { route: '/reset-password?token=abc' });
    expect(screen.getByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('greets a new sign-in from an invitation link with "Set your password"', () => {
    renderWithProviders(routes, { route: '/reset-password?token=abc&welcome=1' });
    expect(screen.getByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText('Welcome. Choose the password you will sign in with.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reset password' })).not.toBeInTheDocument();
  });

  it('explains a reset link without a token', () => {
    renderWithProviders(routes, { route: '/reset-password' });
    expect(screen.getByText(/This reset link is incomplete/)).toBeInTheDocument();
  });
});
