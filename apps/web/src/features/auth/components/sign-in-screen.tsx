import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { FromState } from '../../../app/guards/require-auth';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { setSession, useAppDispatch } from '../../../lib/store';
import { useAction } from '../../../lib/use-action';
import { isOtpChallenge, login, verifyOtp } from '../api/auth-api';
import { validateEmail, validateOtp, validateRequired } from '../validation';

type Errors = { email?: string | null; password?: string | null; otp?: string | null };

/** Sign-in with email and password, then a one-time code when the account asks for one. */
export function SignInScreen() {
  useDocumentTitle('Sign in');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const finish = (session: Parameters<typeof setSession>[0]) => {
    dispatch(setSession(session));
    // Only same-site paths: never '//host' or a full URL.
    const target = from?.startsWith('/') && !from.startsWith('//') ? from : '/';
    navigate(target, { replace: true });
  };

  const loginMutation = useAction({
    mutationFn: login,
    onSuccess: (result) => {
      if (isOtpChallenge(result)) {
        setOtpToken(result.otp_token);
        setOtp('');
      } else finish(result);
    },
  });
  const otpMutation = useAction({ mutationFn: verifyOtp, onSuccess: finish });

  const onSubmitCredentials = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = { email: validateEmail(email), password: validateRequired(password, 'Password') };
    setErrors(next);
    if (next.email || next.password) return;
    loginMutation.mutate({ email: email.trim(), password });
  };

  const onSubmitOtp = (event: FormEvent) => {
    event.preventDefault();
    const otpError = validateOtp(otp);
    setErrors({ otp: otpError });
    if (otpError || !otpToken) return;
    otpMutation.mutate({ otp_token: otpToken, otp: otp.trim() });
  };

  if (otpToken) {
    return (
      <form onSubmit={onSubmitOtp} noValidate>
        <Stack gap="md">
          <Title order={1} size="h3">
            Enter your code
          </Title>
          <Text size="sm" c="dimmed">
            We sent a 6-digit verification code to {email.trim()}.
          </Text>
          {otpMutation.error && (
            <Alert color="red" title="Could not verify the code">
              {otpMutation.error.message}
            </Alert>
          )}
          <TextInput
            label="Verification code"
            value={otp}
            onChange={(e) => setOtp(e.currentTarget.value)}
            error={errors.otp}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            autoFocus
          />
          <Button type="submit" loading={otpMutation.isPending} fullWidth>
            Verify
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setOtpToken(null);
              otpMutation.reset();
              loginMutation.reset();
            }}
          >
            Back to sign in
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={onSubmitCredentials} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in
        </Title>
        {loginMutation.error && (
          <Alert color="red" title="Sign-in failed">
            {loginMutation.error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          autoComplete="username"
          required
        />
        <PasswordInput
          label="Password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          autoComplete="current-password"
          required
        />
        <Button type="submit" loading={loginMutation.isPending} fullWidth>
          Sign in
        </Button>
        <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
          Forgot password?
        </Anchor>
      </Stack>
    </form>
  );
}
