import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ROLE_LABELS } from '@myeai/domain';
import { useDemoAccounts, useDemoSignIn } from '../api/sign-in.ts';

type DemoAccountListProps = { onSignedIn: () => void; onError: (message: string) => void };

export function DemoAccountList({ onSignedIn, onError }: DemoAccountListProps) {
  const accounts = useDemoAccounts(true);
  const signIn = useDemoSignIn();
  if (accounts.isError) return <Text c="red.8">Could not load the demo accounts.</Text>;
  return (
    <Stack gap="xs" aria-labelledby="demo-accounts-title">
      <Title order={2} size="h4" id="demo-accounts-title">
        Demo accounts
      </Title>
      <Text size="sm" c="dimmed">
        This server runs in demo mode: sign in with one click as any seeded account.
      </Text>
      {accounts.data?.accounts.map((account) => (
        <Button
          key={account.email}
          variant="default"
          justify="space-between"
          fullWidth
          h="auto"
          py={8}
          loading={signIn.isPending && signIn.variables === account.email}
          onClick={() =>
            signIn.mutate(account.email, {
              onSuccess: onSignedIn,
              onError: (error) => onError(error.message),
            })
          }
        >
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} component="span">
              {account.name}
            </Text>
            {account.roles.map((role) => (
              <Badge key={role} size="sm" variant="light" component="span">
                {ROLE_LABELS[role]}
              </Badge>
            ))}
          </Group>
        </Button>
      ))}
    </Stack>
  );
}
