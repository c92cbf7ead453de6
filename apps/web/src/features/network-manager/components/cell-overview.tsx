import { Badge, Button, Card, Group, Progress, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconLock, IconLockOpen, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CELL_LIST_STATUS_FILTERS, CELL_SIZE, type CellListStatusFilter, type CommissionCell } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useCells, useSetCellLock } from '../api/network-api.ts';

export const STATUS_COLOR: Record<CommissionCell['status'], string> = { active: 'teal.9', locked: 'red.9', processing: 'orange.9', archived: 'gray.7' };

const FILTER_LABEL: Record<CellListStatusFilter, string> = { all: 'All', active: 'Active', locked: 'Locked', processing: 'Processing' };

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export function LockButton({ cell, size = 'xs' }: { cell: CommissionCell; size?: 'xs' | 'sm' }) {
  const setLock = useSetCellLock();
  const locked = cell.status === 'locked';
  const toggle = () =>
    setLock.mutate(
      { id: cell.id, version: cell.version, lock: !locked },
      { onError: (error) => notifications.show({ color: 'red', title: locked ? 'Failed to unlock cell' : 'Failed to lock cell', message: error.message }) },
    );
  return (
    <Button
      size={size}
      variant="outline"
      color={locked ? 'teal.9' : 'red.9'}
      leftSection={locked ? <IconLockOpen size={14} /> : <IconLock size={14} />}
      onClick={toggle}
      loading={setLock.isPending}
      aria-label={`${locked ? 'Unlock' : 'Lock'} ${cell.name}`}
    >
      {locked ? 'Unlock' : 'Lock'}
    </Button>
  );
}

/** Spec 3 section 5: a test run needs at least one member. */
const TEST_NEEDS_MEMBERS = 'Commission test revenue needs a cell with at least one member.';

function CellCard({ cell, onEdit, onTest }: { cell: CommissionCell; onEdit: () => void; onTest: () => void }) {
  const hintId = `network-test-hint-${cell.id}`;
  const empty = cell.fill_count === 0;
  return (
    <Card withBorder padding="md" radius="md" data-testid="cell-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {cell.name}
          </Title>
          <Badge color={STATUS_COLOR[cell.status]} variant="filled" style={{ flexShrink: 0 }}>
            {cell.status}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          ID {cell.id}
        </Text>
        {cell.parent_name && (
          <Text size="xs" c="dimmed">
            Parent: {cell.parent_name}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm">
            Members {cell.fill_count}/{CELL_SIZE} ({cell.fill_percent.toFixed(1)}%)
          </Text>
          <Text size="xs" c="dimmed">
            Created {dateFormat.format(new Date(cell.created_at))}
          </Text>
        </Group>
        <Progress value={cell.fill_percent} aria-label={`${cell.name}: ${cell.fill_count} of ${CELL_SIZE} seats filled`} />
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit} aria-label={`Edit ${cell.name}`}>
            Edit
          </Button>
          <LockButton cell={cell} />
          <Button size="xs" variant="default" onClick={onTest} disabled={empty} aria-describedby={empty ? hintId : undefined} aria-label={`Test $1000 on ${cell.name}`}>
            Test $1000
          </Button>
        </Group>
        {empty && (
          <Text id={hintId} size="xs" c="dimmed">
            {TEST_NEEDS_MEMBERS}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Cell Overview (spec 3 section 2.11): search by name or id, the status filter and a card per cell. */
export function CellOverview({ onEdit, onTest, onCreate }: { onEdit: (cell: CommissionCell) => void; onTest: (cell: CommissionCell) => void; onCreate?: () => void }) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<CellListStatusFilter>('all');
  const cells = useCells(search, status);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search cells"
          placeholder="Cell name or id"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="cell-status-filter">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="cell-status-filter"
            value={status}
            onChange={(value) => setStatus(value as CellListStatusFilter)}
            data={CELL_LIST_STATUS_FILTERS.map((value) => ({ value, label: FILTER_LABEL[value] }))}
          />
        </Stack>
      </Group>
      {cells.isError ? (
        <LoadError message={cells.error.message || 'Failed to load commission data'} onRetry={() => void cells.refetch()} />
      ) : cells.isPending ? (
        <Text c="dimmed">Loading cells…</Text>
      ) : cells.data.cells.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm">
            <Text ta="center" c="dimmed">
              No commission cells found
            </Text>
            {/* With no search and no status filter, the list is empty because no cell exists yet. */}
            {onCreate && search === '' && status === 'all' && <Button onClick={onCreate}>Create the first cell</Button>}
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cells.data.cells.map((cell) => (
            <CellCard key={cell.id} cell={cell} onEdit={() => onEdit(cell)} onTest={() => onTest(cell)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
