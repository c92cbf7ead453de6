import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SessionInfo } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMySessions, useRevokeOtherSessions, useRevokeSession } from './security-api.ts';

const signedInFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const DEVICE_LABELS: Record<SessionInfo['device_type'], string> = { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', other: 'Device' };

/** "Chrome 121 on Mac OS 10.15", or what is known of it. */
function deviceName(session: SessionInfo): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

function SessionRow({ session, now }: { session: SessionInfo; now: number }) {
  const revoke = useRevokeSession();
  const where = session.place ?? (session.address ? `Address ${session.address}` : 'Place unknown');
  return (
    <Card withBorder padding="sm" component="li" aria-label={deviceName(session)}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{deviceName(session)}</Text>
            {session.current && (
              <Badge color="teal.9">
                This session
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {DEVICE_LABELS[session.device_type]} · {where}
          </Text>
          <Text size="sm" c="dimmed">
            Signed in {signedInFormat.format(new Date(session.created_at))} · Last active{' '}
            {session.current ? 'now' : formatRelativeTime(session.last_seen_at, now, { missing: 'unknown', dateAfterDays: 7 })}
          </Text>
          {revoke.isError && (
            <Text size="sm" c="red" role="alert">
              {revoke.error.message}
            </Text>
          )}
        </Stack>
        {!session.current && (
          <Button variant="light" color="red" size="xs" loading={revoke.isPending} onClick={() => revoke.mutate(session.id)} aria-label={`Sign out ${deviceName(session)}`}>
            Sign out
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** My sessions (decision 058): where this account is signed in; any other session can be ended from here. */
export function SessionsSection() {
  const sessions = useMySessions();
  const revokeOthers = useRevokeOtherSessions();
  const now = useNow(60_000);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h4" id="sessions-title">
          Where you are signed in
        </Title>
        {others > 0 && (
          <Button variant="outline" color="red" size="sm" loading={revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
            Sign out everywhere else
          </Button>
        )}
      </Group>
      {revokeOthers.isSuccess && (
        <Alert color="teal" role="status" mb="sm">
          {revokeOthers.data.revoked === 1 ? '1 other session was signed out.' : `${revokeOthers.data.revoked} other sessions were signed out.`}
        </Alert>
      )}
      {revokeOthers.isError && (
        <Alert color="red" role="alert" mb="sm">
          {revokeOthers.error.message}
        </Alert>
      )}
      {sessions.isError && <LoadError message={sessions.error.message} onRetry={() => void sessions.refetch()} />}
      {sessions.isPending && <Skeleton h={72} />}
      {sessions.data && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} now={now} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
