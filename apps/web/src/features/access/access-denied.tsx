import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_LABELS, type UserProfile } from '@myeai/domain';

/** Screens whose refusal the spec words itself (spec 3 section 2.2). */
const SCREEN_REFUSALS: Partial<Record<string, { title: string; message: string }>> = {
  '/trader-dashboard': {
    title: 'Trader Access Required',
    message: 'This section is restricted to verified traders only. Please contact an administrator for trader verification.',
  },
};

export function AccessDenied({ user, path }: { user: UserProfile; path?: string }) {
  const refusal = path ? SCREEN_REFUSALS[path] : undefined;
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1}>{refusal?.title ?? 'Access denied'}</Title>
        {refusal && <Text>{refusal.message}</Text>}
        <Text>
          Your current role, <strong>{ROLE_LABELS[user.active_role]}</strong>, does not have access to this page.
        </Text>
        {user.roles.length > 1 && (
          <Text>You hold other roles: use the role switcher in the sidebar to change your active role.</Text>
        )}
        <Anchor component={Link} to="/dashboard">
          Go to the Business Hub
        </Anchor>
      </Stack>
    </Container>
  );
}
