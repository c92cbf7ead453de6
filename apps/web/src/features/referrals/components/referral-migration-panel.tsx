import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { shareCode, type ReferralMigration } from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useReferralMigration, useStartReferralMigration } from '../api/referral-programme-api.ts';

const STATUS_COLOURS: Record<ReferralMigration['migration_log'][number]['status'], string> = { updated: 'teal.9', skipped: 'gray.7', error: 'red.9' };

/** Spec 3 section 8: the failure names the server's detail; a refusal for a non-admin says to sign in as one. */
function MigrationFailed({ error }: { error: Error }) {
  const adminOnly = error instanceof ApiError && error.message.startsWith('Admin access required');
  return (
    <Alert color="red" title="Migration Failed" role="alert">
      <Text size="sm">{error.message || 'Migration failed'}</Text>
      {adminOnly && <Text size="sm">Sign in with an admin account to run the migration.</Text>}
    </Alert>
  );
}

function Result({ migration }: { migration: ReferralMigration }) {
  const { data } = migration;
  const running = migration.status === 'queued' || migration.status === 'running';
  const percent = data.total_users === 0 ? 0 : Math.round((data.processed / data.total_users) * 100);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Badge color={migration.status === 'failed' ? 'red.9' : running ? 'blue.9' : 'teal.9'}>{migration.status}</Badge>
        <Text size="sm">{migration.message}</Text>
      </Group>
      {running && <Progress value={percent} animated aria-label={`Migration progress ${percent}%`} />}
      {migration.status === 'failed' && (
        <Alert color="red" title="Migration Failed" role="alert">
          {migration.error_detail ?? 'Migration failed'}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {(
          [
            ['Total users', data.total_users],
            ['Updated', data.updated],
            ['Skipped', data.skipped],
            ['Errors', data.errors],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{value.toLocaleString()}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Links built from {data.frontend_url} · started {new Date(migration.created_at).toLocaleString()}
        {migration.started_by_name ? ` by ${migration.started_by_name}` : ''}
      </Text>
      {migration.migration_log.length > 0 && (
        <Table.ScrollContainer minWidth={760} mah={360}>
          <Table striped stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Old link</Table.Th>
                <Table.Th>New link</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {migration.migration_log.map((entry) => (
                <Table.Tr key={entry.user_id}>
                  <Table.Td>{shareCode(entry.referral_code)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" fw={700} tt="uppercase" c={STATUS_COLOURS[entry.status]}>
                      {entry.status}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ wordBreak: 'break-all' }}>
                      {entry.old_link}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" style={{ wordBreak: 'break-all' }}>
                      {entry.new_link}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{entry.reason}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * The referral link migration (DESIGN.md decision 42; spec 3 sections 2.3, 2.9, 3 and 8): gives every
 * user a current opaque code and short link and keeps old links resolving. Runs on the server as a job;
 * a second run changes nothing. On the "Referral Migration" tabs of /trading-admin and the admin dashboard.
 */
export function ReferralMigrationPanel() {
  const migration = useReferralMigration();
  const start = useStartReferralMigration();
  const [confirming, setConfirming] = useState(false);
  const running = migration.data?.status === 'queued' || migration.data?.status === 'running';
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            Referral Links Migration
          </Title>
          <Text size="sm" c="dimmed">
            Gives every user a current referral code and short link built from this site’s address. Old links (a replaced code, or the user id the
            previous app used) keep working as aliases. Running it again changes nothing that is already migrated.
          </Text>
        </div>
        <Button w="fit-content" onClick={() => setConfirming(true)} disabled={running} loading={start.isPending}>
          {running ? 'Migration running…' : 'Start migration'}
        </Button>
        {start.isError && <MigrationFailed error={start.error} />}
        {migration.isPending ? (
          <Skeleton h={80} />
        ) : migration.isError ? (
          <MigrationFailed error={migration.error} />
        ) : migration.data ? (
          <Result migration={migration.data} />
        ) : (
          <Text size="sm" c="dimmed">
            No migration has run yet.
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Start the referral link migration?"
        message="Every user without a current code gets a new one; old links keep resolving."
        detail="It runs in the background; this panel shows its progress and the per-user log."
        confirmLabel="Start migration"
        loading={start.isPending}
        onConfirm={() => start.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
