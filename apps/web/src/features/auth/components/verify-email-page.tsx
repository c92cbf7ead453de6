import { Alert, Anchor, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useVerifyEmail } from '../api/account.ts';
import { useProfile } from '../api/profile.ts';
import { DeadLink } from './reset-password-page.tsx';

/** /verify-email?token=...: confirms the address of a sign-up or of an e-mail change as soon as it opens. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const profile = useProfile();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const { mutate } = verify;

  // Once per visit: the link is single-use, so a second call would only report it used.
  useEffect(() => {
    if (!token || sent.current || profile.isPending) return;
    sent.current = true;
    mutate(token);
  }, [token, profile.isPending, mutate]);

  const onward = profile.data ? { to: '/dashboard', label: 'Go to your dashboard' } : { to: '/login', label: 'Sign in' };

  return (
    <Container size={460} py="xl" component="main">
      <Stack gap="lg">
        <Title order={1}>Confirm your e-mail</Title>
        {!token ? (
          <DeadLink title="This link is incomplete" message="Open the whole link from the e-mail, or ask for a new one." retryTo="/profile" retryLabel="Send a new link" />
        ) : verify.isSuccess ? (
          <Stack gap="md">
            <Alert color="teal" title="E-mail confirmed" role="status">
              {verify.data.changed ? `Your account now uses ${verify.data.email}.` : `${verify.data.email} is confirmed. Thank you.`}
            </Alert>
            <Button component={Link} to={onward.to}>
              {onward.label}
            </Button>
          </Stack>
        ) : verify.isError ? (
          <DeadLink title="This link does not work" message={verify.error.message} retryTo="/profile" retryLabel="Send a new link" />
        ) : (
          <Stack align="center" gap="sm" role="status">
            <Loader size="sm" />
            <Text>Confirming your address…</Text>
          </Stack>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/">
            Home
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
