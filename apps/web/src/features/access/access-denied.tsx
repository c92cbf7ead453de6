import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_LABELS, type UserProfile } from '@myeai/domain';

export function AccessDenied({ user }: { user: UserProfile }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1}>Access denied</Title>
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
