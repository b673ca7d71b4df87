import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { toastSuccess } from '../../../lib/toasts';
import { useAction } from '../../../lib/use-action';
import { forgotPassword, resetPassword } from '../api/auth-api';
import { validateNewPassword } from '../password-rule';
import { validateConfirmation, validateEmail } from '../validation';

/** One screen for /forgot-password and /reset-password (spec section 2), chosen by the path. */
export function PasswordScreen() {
  const { pathname } = useLocation();
  return pathname.startsWith('/reset-password') ? <ResetPassword /> : <ForgotPassword />;
}

function BackToSignIn() {
  return (
    <Anchor component={Link} to="/sign-in" size="sm" ta="center">
      Back to sign in
    </Anchor>
  );
}

function ForgotPassword() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useAction({ mutationFn: forgotPassword });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const emailError = validateEmail(email);
    setError(emailError);
    if (!emailError) mutation.mutate({ email: email.trim() });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Forgot password
        </Title>
        {mutation.isSuccess ? (
          <Alert color="green" title="Check your email">
            If an account exists for {email.trim()}, we have sent it a link to reset the password. The link
            works once and expires soon.
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Enter the email you sign in with and we will send you a link to set a new password.
            </Text>
            {mutation.error && <Alert color="red">{mutation.error.message}</Alert>}
            <TextInput
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              autoComplete="email"
              required
            />
            <Button type="submit" loading={mutation.isPending} fullWidth>
              Send reset link
            </Button>
          </>
        )}
        <BackToSignIn />
      </Stack>
    </form>
  );
}

function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // An invitation to a new sign-in opens the same page; only the words differ.
  const welcome = params.get('welcome') === '1';
  const title = welcome ? 'Set your password' : 'Reset password';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirmation?: string | null }>({});
  const mutation = useAction({
    mutationFn: resetPassword,
    onSuccess: () => {
      toastSuccess(welcome ? 'Password set. Please sign in.' : 'Password changed. Please sign in.');
      navigate('/sign-in', { replace: true });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: validateNewPassword(password),
      confirmation: validateConfirmation(password, confirmation),
    };
    setErrors(next);
    if (!next.password && !next.confirmation) mutation.mutate({ token, password });
  };

  if (!token) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Reset password
        </Title>
        <Alert color="red">
          This reset link is incomplete. Ask for a new link and open it from the email.
        </Alert>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          Ask for a new link
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        {welcome && <Text size="sm">Welcome. Choose the password you will sign in with.</Text>}
        {mutation.error && (
          <Alert color="red" title={welcome ? 'Could not set the password' : 'Could not reset the password'}>
            {mutation.error.message}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description="At least 8 characters, with a letter and a digit"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          label="Confirm password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={errors.confirmation}
          autoComplete="new-password"
          required
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Set new password
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}
