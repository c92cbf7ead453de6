import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SPECIALIZATION_LABELS, type TraderProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { useTraderProfile } from '../api/trader-desk-api.ts';

function Score({ label, value, hint }: { label: string; value: number | null; hint: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" fw={700}>
          {formatPercent(value)}
        </Text>
      </Group>
      <Progress value={value ?? 0} aria-label={`${label}: ${value === null ? 'not scored yet' : formatPercent(value)}`} color={value === null ? 'gray' : 'blue'} />
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function ProfileBody({ profile }: { profile: TraderProfile }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color="blue" variant="light">
          {profile.specialization ? SPECIALIZATION_LABELS[profile.specialization] : 'No specialization'}
        </Badge>
        <Badge color={profile.is_active ? 'green' : 'gray'} variant="dot">
          {profile.status_label}
        </Badge>
        <Badge color="gray" variant="outline">
          {profile.tier_label} tier
        </Badge>
        {profile.kyc_verified && (
          <Badge color="teal" variant="dot">
            KYC verified
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Score label="Agreement with consensus" value={profile.accuracy} hint={`${profile.accuracy_label}; ${profile.agreed_votes} of ${profile.scored_votes} scored votes agreed.`} />
        <Score label="Consistency" value={profile.consistency} hint="Confident votes that agreed, doubtful ones that did not." />
        <Score label="Engagement" value={profile.engagement} hint={`Votes cast in closed windows: ${profile.votes_cast} votes, ${profile.windows_seen} windows.`} />
      </SimpleGrid>
      {!profile.is_active && <Text size="sm">You are not in the active voting pool, so you cannot vote. Please contact an administrator for trader verification.</Text>}
    </Stack>
  );
}

/** Specialization, "Active Trader", accuracy (agreement with confirmed consensus), consistency, engagement. */
export function ProfileCard() {
  const profile = useTraderProfile();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trader-profile-title">
      <Title order={2} size="h4" id="trader-profile-title" mb="sm">
        Your Trader Profile
      </Title>
      {profile.isPending && <Skeleton h={110} />}
      {profile.isError && <LoadError message={profile.error.message} onRetry={() => void profile.refetch()} />}
      {profile.data && <ProfileBody profile={profile.data} />}
    </Card>
  );
}
