import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { ChangeEmailInputSchema, ChangePasswordInputSchema, type UserProfile } from '@myeai/domain';
import { useChangeEmail, useChangePassword } from '../../auth/index.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';

/** Change password (decision 057): the current one is required; the other sessions end, this one stays. */
export function ChangePasswordSection() {
  const form = useDomainForm(ChangePasswordInputSchema, { current_password: '', new_password: '' });
  const change = useChangePassword();
  const submit = form.onSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => form.reset(),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const newPassword = form.getInputProps('new_password');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-password-title">
      <Title order={3} size="h4" id="change-password-title" mb="sm">
        Change password
      </Title>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm" maw={420}>
          {change.isSuccess && (
            <Alert color="teal" role="status">
              Password changed.{' '}
              {change.data.other_sessions_ended > 0
                ? `${change.data.other_sessions_ended} other ${change.data.other_sessions_ended === 1 ? 'session was' : 'sessions were'} signed out.`
                : 'You were not signed in anywhere else.'}
            </Alert>
          )}
          {change.isError && !Object.keys(form.errors).length && (
            <Alert color="red" role="alert">
              {change.error.message}
            </Alert>
          )}
          <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('current_password')} />
          <PasswordInput
            label="New password"
            description={newPassword.error ? undefined : 'At least 10 characters. Your other sessions will be signed out.'}
            autoComplete="new-password"
            required
            {...newPassword}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** Change e-mail: a confirmation link goes to the new address, a notice to the current one; nothing changes until the link is opened. */
export function ChangeEmailSection({ user }: { user: UserProfile }) {
  const form = useDomainForm(ChangeEmailInputSchema, { new_email: '', password: '' });
  const change = useChangeEmail();
  const submit = form.onSubmit((input) =>
    change.mutate(input, {
      onSuccess: () => form.reset(),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-email-title">
      <Title order={3} size="h4" id="change-email-title" mb="sm">
        Change e-mail
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your account uses <strong>{user.email}</strong>
        {user.email_verified ? ' (confirmed).' : ' (not confirmed yet).'}
      </Text>
      <form onSubmit={submit} noValidate aria-label="Change e-mail">
        <Stack gap="sm" maw={420}>
          {change.isSuccess && (
            <Alert color="teal" role="status">
              {change.data.message}
            </Alert>
          )}
          {change.isError && !Object.keys(form.errors).length && (
            <Alert color="red" role="alert">
              {change.error.message}
            </Alert>
          )}
          <TextInput label="New e-mail address" type="email" autoComplete="email" required {...form.getInputProps('new_email')} />
          <PasswordInput
            label="Current password"
            description="Leave empty if you sign in with single sign-on only."
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Send confirmation link
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
