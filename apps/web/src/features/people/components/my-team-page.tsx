import { Avatar, Badge, Button, Card, Container, Group, Pagination, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACTIVE_MEMBER_DAYS, COMMISSION_FIGURES, formatDollarsAndCents, MEMBER_ACTIVITY_LABELS, MEMBER_STATUS_LABELS, type MyTeam } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useIsBuilt } from '../../../lib/built-screens.ts';
import { useMyTeam } from '../api/people-api.ts';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';
import { stickyCell } from '../../../components/ui/row-table.tsx';

// Filled, dark shades: white text on them passes 4.5:1 (a light teal badge does not).
const STATUS_COLORS = { converted: 'teal.9', trial_activated: 'blue.8', active: 'gray.7' } as const;
// Read in full at any width ("Signed up", never "SIGNED ..."): the badge does not shrink below its label.
const WHOLE_BADGE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;
const PAGE_SIZE = 25;

function Figures({ team }: { team: MyTeam | undefined }) {
  const figures = [
    { label: 'Team members', value: team?.total_members.toLocaleString('en-US') },
    { label: `Active in the last ${ACTIVE_MEMBER_DAYS} days`, value: team?.active_members.toLocaleString('en-US') },
    { label: COMMISSION_FIGURES.referral.label, value: team ? formatDollarsAndCents(team.total_commission_cents) : undefined },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {figures.map((figure) => (
        <Card key={figure.label} withBorder padding="md">
          {figure.value === undefined ? <Skeleton height={28} width="40%" /> : <Text size="xl" fw={700}>{figure.value}</Text>}
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function EmptyTeam() {
  const isBuilt = useIsBuilt();
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="sm">
        <IconUsers size={36} aria-hidden />
        <Text fw={600}>No team members yet</Text>
        <Text size="sm" c="dimmed" ta="center">
          People who sign up with your referral code appear here.
        </Text>
        {isBuilt('/referrals') && (
          <Button component={Link} to="/referrals">
            Share your referral link
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function MembersTable({ team }: { team: MyTeam }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={stickyCell.start}>Member</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Code used</Table.Th>
            <Table.Th ta="right">{COMMISSION_FIGURES.referral.label}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {team.members.map((member) => (
            <Table.Tr key={member.user_id}>
              <Table.Td className={stickyCell.start}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={member.picture} name={member.name} size="sm" alt="" />
                  <div>
                    <Text size="sm" fw={600}>
                      {member.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {member.is_active ? MEMBER_ACTIVITY_LABELS.active : MEMBER_ACTIVITY_LABELS.inactive}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="filled" color={STATUS_COLORS[member.current_status]} styles={WHOLE_BADGE}>
                  {MEMBER_STATUS_LABELS[member.current_status]}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(member.join_date)}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {member.referral_code_used ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatDollarsAndCents(member.commission_earned_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** My Team (/my-team, every role; DESIGN.md decisions 3, 40, 43): the members who joined with my code. */
export function MyTeamPage() {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const team = useMyTeam({ search: search || undefined, page, page_size: PAGE_SIZE });
  const data = team.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.matching / data.page_size)) : 1;

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <div>
          <ScreenTitle screen="/my-team" size="h2" />
          <Text c="dimmed" size="sm">
            The people who joined with your referral code.
          </Text>
        </div>
        {team.isError ? (
          <LoadError message={team.error.message} onRetry={() => void team.refetch()} />
        ) : (
          <>
            <Figures team={data} />
            {data && data.total_members === 0 ? (
              <EmptyTeam />
            ) : (
              <Card withBorder padding="md">
                <Stack gap="sm">
                  <TextInput
                    label="Search members"
                    placeholder="Name"
                    leftSection={<IconSearch size={16} aria-hidden />}
                    value={searchText}
                    onChange={(event) => setSearchText(event.currentTarget.value)}
                    maw={360}
                  />
                  {!data ? (
                    <Skeleton height={160} />
                  ) : data.members.length === 0 ? (
                    <Text c="dimmed" size="sm">
                      No member matches “{search}”.
                    </Text>
                  ) : (
                    <MembersTable team={data} />
                  )}
                  {data && pageCount > 1 && (
                    <Pagination
                      total={pageCount}
                      value={page}
                      onChange={(next) => setPaging({ search, page: next })}
                      size="sm"
                      aria-label="Pages"
                      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                      getControlProps={(control) => ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] })}
                    />
                  )}
                  <Text size="xs" c="dimmed">
                    {COMMISSION_FIGURES.referral.label}: {COMMISSION_FIGURES.referral.rule}
                  </Text>
                </Stack>
              </Card>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
