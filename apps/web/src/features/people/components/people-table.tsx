import { ActionIcon, Avatar, Badge, Group, Menu, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDots, IconSelector } from '@tabler/icons-react';
import { MEMBER_STATUS_LABELS, ROLE_LABELS, type AdminUser, type AdminUsersQuery, type PeopleSort } from '@myeai/domain';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
// Filled, dark shades: white text on them passes 4.5:1 (a light teal badge does not).
const STATUS_COLORS = { converted: 'teal.9', trial_activated: 'blue.8', active: 'gray.7' } as const;
const COLUMNS = 8;

export type PersonAction = 'roles' | 'referral' | 'trial' | 'subscription' | 'suspend' | 'reactivate';

type PeopleTableProps = {
  people: AdminUser[];
  loading: boolean;
  query: AdminUsersQuery;
  onSort: (sort: PeopleSort, order: 'asc' | 'desc') => void;
  onAction: (action: PersonAction, person: AdminUser) => void;
};

type SortHeaderProps = { label: string; sort: PeopleSort; query: AdminUsersQuery; onSort: PeopleTableProps['onSort']; firstOrder?: 'asc' | 'desc' };

/** A column header that sorts on the server: first click in `firstOrder`, the next reverses. */
function SortHeader({ label, sort, query, onSort, firstOrder = 'asc' }: SortHeaderProps) {
  const isActive = query.sort === sort;
  const Icon = !isActive ? IconSelector : query.order === 'asc' ? IconChevronUp : IconChevronDown;
  const next = isActive ? (query.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return (
    <Table.Th aria-sort={isActive ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort, next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function PersonMenu({ person, onAction }: { person: AdminUser; onAction: PeopleTableProps['onAction'] }) {
  const canExtend = person.trial !== null && !person.trial.converted;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${person.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('roles', person)}>Edit roles</Menu.Item>
        <Menu.Item onClick={() => onAction('referral', person)}>Edit referral</Menu.Item>
        <Menu.Item disabled={!canExtend} onClick={() => onAction('trial', person)}>
          {person.trial === null ? 'Extend trial (no trial started)' : person.trial.converted ? 'Extend trial (converted)' : 'Extend trial'}
        </Menu.Item>
        <Menu.Item onClick={() => onAction('subscription', person)}>Subscription history</Menu.Item>
        <Menu.Divider />
        {person.account_status === 'active' ? (
          <Menu.Item color="red" onClick={() => onAction('suspend', person)}>
            Suspend account
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => onAction('reactivate', person)}>Reactivate account</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The People Management table: every column the spec names, sorted and paged by the server. */
export function PeopleTable({ people, loading, query, onSort, onAction }: PeopleTableProps) {
  const header = { query, onSort };
  return (
    <Table.ScrollContainer minWidth={1180}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" sort="name" {...header} />
            <SortHeader label="E-mail" sort="email" {...header} />
            <Table.Th>Roles</Table.Th>
            <Table.Th>Referred by</Table.Th>
            <Table.Th>Code used</Table.Th>
            <SortHeader label="Joined" sort="joined" firstOrder="desc" {...header} />
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <Text span size="sm" fw={700}>
                Actions
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody aria-busy={loading || undefined}>
          {loading &&
            Array.from({ length: 8 }, (_, row) => (
              <Table.Tr key={`skeleton-${row}`} aria-hidden>
                {Array.from({ length: COLUMNS }, (_, column) => (
                  <Table.Td key={column}>
                    <Skeleton height={14} width="70%" radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {people.map((person) => (
            <Table.Tr key={person.id} data-testid={`person-${person.email}`}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={person.picture} name={person.name} size="sm" alt="" />
                  <Text fw={600} size="sm">
                    {person.name}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{person.email}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {person.roles.map((role) => (
                    <Badge key={role} size="sm" variant={role === person.active_role ? 'filled' : 'light'} title={role === person.active_role ? 'Active role' : undefined}>
                      {ROLE_LABELS[role]}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{person.referred_by_name ?? <Text span size="sm" c="dimmed">Direct</Text>}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {person.referral_code_used ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.format(new Date(person.join_date))}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Badge size="sm" variant="filled" color={STATUS_COLORS[person.current_status]} style={{ flexShrink: 0 }}>
                    {MEMBER_STATUS_LABELS[person.current_status]}
                  </Badge>
                  {person.account_status === 'suspended' && (
                    <Badge size="sm" color="red">
                      Suspended
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <PersonMenu person={person} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
