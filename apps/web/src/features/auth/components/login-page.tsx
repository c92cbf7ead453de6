import { Alert, Anchor, Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { apiPath, authPaths, normaliseReferralCode, shareCode } from '@myeai/domain';
import { useProfile } from '../api/profile.ts';
import { useAuthMethods } from '../api/sign-in.ts';
import { storedReferralCode } from '../referral-storage.ts';
import { DemoAccountList } from './demo-account-list.tsx';
import { PasswordForms } from './password-forms.tsx';

const NOTICES: Record<string, string> = {
  password_reset: 'Your password was changed and every session was signed out. Sign in with your new password.',
};

const CALLBACK_ERRORS: Record<string, string> = {
  signin_failed: 'Sign-in did not complete. Please try again.',
  oidc_unavailable: 'Single sign-on is not available right now. Please use another way to sign in.',
  suspended: 'This account is suspended. Contact support if you think this is a mistake.',
};

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profile = useProfile();
  const methods = useAuthMethods();
  const [error, setError] = useState<string | null>(CALLBACK_ERRORS[params.get('error') ?? ''] ?? null);
  const referralCode = normaliseReferralCode(params.get('ref')) ?? storedReferralCode();

  if (profile.data) return <Navigate to="/dashboard" replace />;
  // A new account is greeted "Welcome", not "Welcome back": the history entry carries it (a reload keeps it).
  const onSignedIn = (newAccount = false) => navigate('/dashboard', { replace: true, state: newAccount ? { newAccount: true } : null });
  const ssoHref = `${apiPath(authPaths.login)}${referralCode ? `?ref=${encodeURIComponent(referralCode)}` : ''}`;

  return (
    <Container size={460} py="xl" component="main">
      <Stack gap="lg">
        <div>
          <Title order={1}>Sign in to MYEAI</Title>
          <Text c="dimmed">Your business and trading community.</Text>
        </div>
        {error && (
          <Alert color="red" title="Sign-in problem" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
            {error}
          </Alert>
        )}
        {NOTICES[params.get('notice') ?? ''] && (
          <Alert color="teal" role="status">
            {NOTICES[params.get('notice') ?? '']}
          </Alert>
        )}
        {referralCode && (
          <Alert color="blue" variant="light">
            You were invited with code <strong>{shareCode(referralCode)}</strong>. It is applied when you create your account.
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            {methods.data?.oidc && (
              <>
                <Button component="a" href={ssoHref} size="md">
                  Continue with single sign-on
                </Button>
                <Divider label="or use your email" labelPosition="center" />
              </>
            )}
            <PasswordForms referralCode={referralCode} onSignedIn={onSignedIn} onError={setError} />
          </Stack>
        </Paper>
        {methods.data?.demo && (
          <Paper withBorder p="lg" radius="md">
            <DemoAccountList onSignedIn={() => onSignedIn()} onError={setError} />
          </Paper>
        )}
        <Text size="sm" c="dimmed" ta="center">
          <Anchor component={Link} to="/">
            Home
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/terms">
            Terms
          </Anchor>
          {' · '}
          <Anchor component={Link} to="/privacy-policy">
            Privacy Policy
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
