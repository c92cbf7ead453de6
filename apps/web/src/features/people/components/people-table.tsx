import { ActionIcon, Avatar, Badge, Group, Menu, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDots, IconSelector } from '@tabler/icons-react';
import { MEMBER_STATUS_LABELS, ROLE_LABELS, type AdminUser, type AdminUsersQuery, type PeopleSort } from '@myeai/domain';
import { openRowProps, stickyCell } from '../../../components/ui/row-table.tsx';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
// Filled, dark shades: white text on them passes 4.5:1 (a light teal badge does not).
const STATUS_COLORS = { converted: 'teal.9', trial_activated: 'blue.8', active: 'gray.7' } as const;
const COLUMNS = 6;
/** A badge never shrinks: its label is read in full ("Suspended", not "S..."). */
const WHOLE_BADGE = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export type PersonAction = 'detail' | 'roles' | 'referral' | 'trial' | 'subscription' | 'suspend' | 'reactivate';

type PeopleTableProps = {
  people: AdminUser[];
  loading: boolean;
  query: AdminUsersQuery;
  onSort: (sort: PeopleSort, order: 'asc' | 'desc') => void;
  onAction: (action: PersonAction, person: AdminUser) => void;
};

type SortHeaderProps = { label: string; sort: PeopleSort; query: AdminUsersQuery; onSort: PeopleTableProps['onSort']; firstOrder?: 'asc' | 'desc'; className?: string };

/** A column header that sorts on the server: first click in `firstOrder`, the next reverses. */
function SortHeader({ label, sort, query, onSort, firstOrder = 'asc', className }: SortHeaderProps) {
  const isActive = query.sort === sort;
  const Icon = !isActive ? IconSelector : query.order === 'asc' ? IconChevronUp : IconChevronDown;
  const next = isActive ? (query.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return (
    <Table.Th className={className} aria-sort={isActive ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sort, next)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export const canExtendTrial = (person: AdminUser) => person.trial !== null && !person.trial.converted;
export const extendTrialLabel = (person: AdminUser) => (person.trial === null ? 'Extend trial (no trial started)' : person.trial.converted ? 'Extend trial (converted)' : 'Extend trial');

function PersonMenu({ person, onAction }: { person: AdminUser; onAction: PeopleTableProps['onAction'] }) {
  return (
    // Opening the menu must not move the table: the dropdown is not scrolled into view, and the
    // button stays where it is (the actions column is sticky).
    <Menu position="bottom-end" withinPortal returnFocus>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${person.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('detail', person)}>Details</Menu.Item>
        {/* An erased account takes no action (decision 059; the server answers 409): only its details. */}
        {person.account_status !== 'deleted' && <PersonActionItems person={person} onAction={onAction} />}
      </Menu.Dropdown>
    </Menu>
  );
}

function PersonActionItems({ person, onAction }: { person: AdminUser; onAction: PeopleTableProps['onAction'] }) {
  return (
    <>
      <Menu.Item onClick={() => onAction('roles', person)}>Edit roles</Menu.Item>
      <Menu.Item onClick={() => onAction('referral', person)}>Edit referral</Menu.Item>
      <Menu.Item disabled={!canExtendTrial(person)} onClick={() => onAction('trial', person)}>
        {extendTrialLabel(person)}
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
    </>
  );
}

/** The current status and, when suspended, the account's badge: each read in full, stacked rather than cut. An erased account is only "Deleted". */
export function PersonStatus({ person }: { person: AdminUser }) {
  const status = MEMBER_STATUS_LABELS[person.current_status];
  if (person.account_status === 'deleted') {
    return (
      <Badge size="sm" variant="filled" color="dark.6" styles={WHOLE_BADGE} title="Account deleted: its personal data is erased">
        Deleted
      </Badge>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge size="sm" variant="filled" color={STATUS_COLORS[person.current_status]} styles={WHOLE_BADGE} title={status}>
        {status}
      </Badge>
      {person.account_status === 'suspended' && (
        <Badge size="sm" variant="filled" color="red.8" styles={WHOLE_BADGE} title="Account suspended: cannot sign in">
          Suspended
        </Badge>
      )}
    </Stack>
  );
}

export function RoleBadges({ person }: { person: AdminUser }) {
  return (
    <Group gap={4}>
      {person.roles.map((role) => (
        <Badge key={role} size="sm" variant={role === person.active_role ? 'filled' : 'light'} styles={WHOLE_BADGE} title={role === person.active_role ? 'Active role' : undefined}>
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The People Management table: sorted and paged by the server. The person (name over e-mail) and
 * the actions stay in view at any width; a click on a row, or Enter on it, opens the person.
 */
export function PeopleTable({ people, loading, query, onSort, onAction }: PeopleTableProps) {
  const header = { query, onSort };
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="People">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" sort="name" className={stickyCell.start} {...header} />
            <Table.Th>Roles</Table.Th>
            <Table.Th>Referred by</Table.Th>
            <SortHeader label="Joined" sort="joined" firstOrder="desc" {...header} />
            <Table.Th>Status</Table.Th>
            <Table.Th className={stickyCell.end}>
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
            <Table.Tr key={person.id} data-testid={`person-${person.email}`} {...openRowProps(() => onAction('detail', person))}>
              <Table.Th scope="row" className={stickyCell.start} fw="normal">
                <Group gap="sm" wrap="nowrap">
                  {/* On a phone the sticky column keeps its width for the name. */}
                  <Avatar src={person.picture} name={person.name} size="sm" alt="" visibleFrom="sm" />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate title={person.name}>
                      {person.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate title={person.email}>
                      {person.email}
                    </Text>
                  </div>
                </Group>
              </Table.Th>
              <Table.Td>
                <RoleBadges person={person} />
              </Table.Td>
              <Table.Td>
                {person.referred_by_name ? (
                  <>
                    <Text size="sm">{person.referred_by_name}</Text>
                    {person.referral_code_used && (
                      <Text size="xs" c="dimmed" ff="monospace" title="Code used">
                        {person.referral_code_used}
                      </Text>
                    )}
                  </>
                ) : (
                  <Text span size="sm" c="dimmed">
                    Direct
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{date.format(new Date(person.join_date))}</Table.Td>
              <Table.Td>
                <PersonStatus person={person} />
              </Table.Td>
              <Table.Td className={stickyCell.end}>
                <PersonMenu person={person} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
