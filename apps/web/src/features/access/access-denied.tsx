import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { accessRefusalFor, ROLE_LABELS, type UserProfile } from '@myeai/domain';

/** The refusal of a screen the active role may not open, in the words of its access rule (route table). */
export function AccessDenied({ user, path }: { user: UserProfile; path?: string }) {
  const refusal = path ? accessRefusalFor(path) : null;
  return (
    <Container size="sm" py="xl" data-access-denied>
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
