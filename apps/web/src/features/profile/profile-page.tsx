import { Avatar, Badge, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiPath, ProfileJourneySchema, profilePaths, ROLE_LABELS, type UserProfile } from '@myeai/domain';
import { apiRequest } from '../../lib/api-client.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { StatTiles } from '../../components/ui/stat-tiles.tsx';
import { ContactSupport } from '../support/index.ts';
import classes from './profile-page.module.css';
import { YourDataPanel } from './your-data/your-data-panel.tsx';
import { SecurityPanel } from './security/security-panel.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Five figures: one row of five from md (the page's 960 px container), three then two below, two a row on a phone (the fifth alone across it: profile-page.module.css). */
const JOURNEY_COLS = { base: 2, sm: 3, md: 5 };

function JourneyFigures() {
  const journey = useQuery({
    queryKey: ['profile', 'journey'],
    queryFn: () => apiRequest(apiPath(profilePaths.journey), { schema: ProfileJourneySchema }),
  });
  if (journey.isError) return <LoadError message={journey.error.message} onRetry={() => void journey.refetch()} />;
  const figures = journey.data
    ? [
        { label: 'Days on the platform', value: journey.data.days_on_platform },
        { label: 'Sign-ins', value: journey.data.sign_ins },
        { label: 'People you referred', value: journey.data.people_referred },
        { label: 'Roles held', value: journey.data.roles_held },
        { label: 'Learning modules completed', value: journey.data.modules_completed },
      ]
    : [];
  if (journey.isPending) {
    return (
      <SimpleGrid cols={JOURNEY_COLS}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={72} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <div className={classes.journey}>
      <StatTiles figures={figures} cols={JOURNEY_COLS} />
    </div>
  );
}

export function ProfilePage({ user }: { user: UserProfile }) {
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Title order={1}>Profile Settings</Title>
        <Card withBorder padding="lg">
          <Group mb="md">
            <Avatar src={user.picture} alt="" size="lg" radius="xl">
              {user.name.slice(0, 1)}
            </Avatar>
            <div>
              <Text fw={700}>{user.name}</Text>
              <Group gap={4}>
                {user.roles.map((role) => (
                  <Badge key={role} variant={role === user.active_role ? 'filled' : 'light'} size="sm">
                    {ROLE_LABELS[role]}
                  </Badge>
                ))}
              </Group>
            </div>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" value={user.name} readOnly />
            <TextInput label="Email" value={user.email} readOnly />
            <TextInput label="Account status" value={user.status === 'active' ? 'Active' : 'Suspended'} readOnly />
            <TextInput label="Joined" value={dateFormat.format(new Date(user.created_at))} readOnly />
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="sm">
            Your name comes from your sign-in; change your e-mail address and password under Security below.
          </Text>
        </Card>
        <section aria-labelledby="journey-title">
          <Title order={2} size="h3" id="journey-title" mb="sm">
            Your journey
          </Title>
          <JourneyFigures />
        </section>
        <SecurityPanel user={user} />
        <YourDataPanel />
        <ContactSupport />
      </Stack>
    </Container>
  );
}
