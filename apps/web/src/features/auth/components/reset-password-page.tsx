import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordSchema } from '@myeai/domain';
import { z } from 'zod';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { isStaleLink, usePasswordResetConfirm } from '../api/account.ts';

const NewPasswordSchema = z.object({ password: PasswordSchema });

/** The page a link can no longer open: what happened and the way on. */
export function DeadLink({ title, message, retryTo, retryLabel }: { title: string; message: string; retryTo: string; retryLabel: string }) {
  return (
    <Stack gap="md">
      <Alert color="orange" title={title} role="alert">
        {message}
      </Alert>
      <Button component={Link} to={retryTo}>
        {retryLabel}
      </Button>
    </Stack>
  );
}

/** /reset-password?token=...: choose a new password; then sign in with it. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const form = useDomainForm(NewPasswordSchema, { password: '' });
  const confirm = usePasswordResetConfirm();
  const submit = form.onSubmit(({ password }) =>
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/login?notice=password_reset', { replace: true }),
        onError: (error) => form.setServerErrors(error),
      },
    ),
  );
  const linkError = confirm.isError && !form.getInputProps('password').error ? confirm.error : null;

  return (
    <Container size={460} py="xl" component="main">
      <Stack gap="lg">
        <Title order={1}>Choose a new password</Title>
        {!token || (linkError && isStaleLink(linkError)) ? (
          <DeadLink
            title={token ? 'This link no longer works' : 'This link is incomplete'}
            message={linkError?.message ?? 'Open the whole link from the e-mail, or ask for a new one.'}
            retryTo="/forgot-password"
            retryLabel="Send a new link"
          />
        ) : (
          <Paper withBorder p="lg" radius="md">
            <form onSubmit={submit} noValidate aria-label="Choose a new password">
              <Stack gap="sm">
                {linkError && (
                  <Alert color="red" role="alert">
                    {linkError.message}{' '}
                    <Anchor component={Link} to="/forgot-password">
                      Send a new link
                    </Anchor>
                  </Alert>
                )}
                <PasswordInput
                  label="New password"
                  description={form.getInputProps('password').error ? undefined : 'At least 10 characters.'}
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                />
                <Button type="submit" loading={confirm.isPending}>
                  Set new password
                </Button>
              </Stack>
            </form>
          </Paper>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
