import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PasswordResetRequestSchema } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { usePasswordResetRequest } from '../api/account.ts';

/** /forgot-password: asks for the address and always says the same thing, whether or not it has an account. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const form = useDomainForm(PasswordResetRequestSchema, { email: params.get('email') ?? '' });
  const request = usePasswordResetRequest();
  const submit = form.onSubmit((input) => request.mutate(input, { onError: (error) => form.setServerErrors(error) }));

  return (
    <Container size={460} py="xl" component="main">
      <Stack gap="lg">
        <div>
          <Title order={1}>Forgot your password?</Title>
          <Text c="dimmed">Enter the e-mail address of your account and we will send you a link to choose a new password.</Text>
        </div>
        {request.isSuccess ? (
          <Alert color="teal" title="Check your e-mail" role="status">
            {request.data.message}
          </Alert>
        ) : (
          <Paper withBorder p="lg" radius="md">
            <form onSubmit={submit} noValidate aria-label="Send a password reset link">
              <Stack gap="sm">
                {request.isError && Object.keys(form.errors).length === 0 && (
                  <Alert color="red" role="alert">
                    {request.error.message}
                  </Alert>
                )}
                <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
                <Button type="submit" loading={request.isPending}>
                  Send reset link
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
