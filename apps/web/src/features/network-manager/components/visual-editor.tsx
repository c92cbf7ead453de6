import { Alert, Badge, Button, Card, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowsMove, IconLock, IconSearch, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import {
  CELL_MESSAGES,
  CELL_POSITIONS,
  CELL_SIZE,
  decideSeatMove,
  seatRole,
  UpdateCellInputSchema,
  type CellAdvancement,
  type CellMember,
  type CellSeatRole,
  type CellUser,
  type CommissionCell,
} from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useAllCells, useArchiveCell, useAssignMember, useCell, useCellAdvancement, useCellUserSearch, useMoveMember, useRemoveMember, useUpdateCell } from '../api/network-api.ts';
import { AdvancementSuggestion } from './advancement-suggestion.tsx';
import { LockButton, STATUS_COLOR } from './cell-overview.tsx';

const ROLE_LABEL: Record<CellSeatRole, string> = { LEAD: 'Lead', SENIOR: 'Senior', REGULAR: 'Regular' };
const ROLE_COLOR: Record<CellSeatRole, string> = { LEAD: 'grape.9', SENIOR: 'blue.8', REGULAR: 'gray.7' };
const DRAG_TYPE = 'application/x-myeai-seat';

/** What the next click on an empty seat does: seat a picked user, or move a member (the keyboard way of drag and drop). */
type Pending = { kind: 'assign'; user: CellUser } | { kind: 'move'; member: CellMember } | null;
type DragPayload = { kind: 'assign'; userId: string } | { kind: 'move'; userId: string; from: number };

function readDrag(event: DragEvent): DragPayload | null {
  try {
    return JSON.parse(event.dataTransfer.getData(DRAG_TYPE)) as DragPayload;
  } catch {
    return null;
  }
}

type SeatProps = {
  position: number;
  member: CellMember | undefined;
  /** The member's advancement check (issue 19 item 7), once loaded. */
  advancement: { check: CellAdvancement['members'][number]; windowDays: number } | undefined;
  locked: boolean;
  pending: Pending;
  onPlace: (position: number) => void;
  onDrop: (payload: DragPayload, position: number) => void;
  onStartMove: (member: CellMember) => void;
  onRemove: (member: CellMember) => void;
};

function Seat({ position, member, advancement, locked, pending, onPlace, onDrop, onStartMove, onRemove }: SeatProps) {
  const role = seatRole(position);
  const [over, setOver] = useState(false);
  const canDrop = !locked && !member;
  const moving = pending?.kind === 'move' && pending.member.position === position;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid={`seat-${position}`}
      aria-label={`Seat ${position}, ${ROLE_LABEL[role]}${member ? `: ${member.email}` : ': empty'}`}
      role="group"
      draggable={!locked && !!member}
      onDragStart={(event) => {
        if (!member) return;
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind: 'move', userId: member.user_id, from: position } satisfies DragPayload));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        // Only an empty seat of an unlocked cell accepts a drop; a drop on an occupied or the same seat is ignored.
        if (!canDrop || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!canDrop) return;
        event.preventDefault();
        const payload = readDrag(event);
        if (payload) onDrop(payload, position);
      }}
      style={{
        minHeight: 118,
        cursor: !locked && member ? 'grab' : undefined,
        borderStyle: member ? 'solid' : 'dashed',
        borderColor: over || moving ? 'var(--mantine-color-blue-6)' : undefined,
        background: over ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="xs" fw={600}>
            Seat {position}
          </Text>
          <Badge size="xs" variant="filled" color={ROLE_COLOR[role]}>
            {ROLE_LABEL[role]}
          </Badge>
        </Group>
        {member ? (
          <>
            <Text size="sm" fw={500} lineClamp={1} title={member.name}>
              {member.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
            {advancement && <AdvancementSuggestion name={member.name} check={advancement.check} windowDays={advancement.windowDays} />}
            {!locked && (
              <Group gap={4}>
                <Button
                  size="compact-xs"
                  variant={moving ? 'filled' : 'default'}
                  leftSection={<IconArrowsMove size={12} />}
                  onClick={() => onStartMove(member)}
                  aria-label={`Move ${member.email}`}
                  aria-pressed={moving}
                >
                  Move
                </Button>
                <Button size="compact-xs" variant="outline" color="red.9" leftSection={<IconUserMinus size={12} />} onClick={() => onRemove(member)} aria-label={`Remove ${member.email}`}>
                  Remove
                </Button>
              </Group>
            )}
          </>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              Empty seat
            </Text>
            {!locked && pending && (
              <Button size="compact-xs" onClick={() => onPlace(position)} aria-label={`${pending.kind === 'assign' ? 'Assign' : 'Move'} here: seat ${position}`}>
                {pending.kind === 'assign' ? 'Assign here' : 'Move here'}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function UserSearch({ locked, pending, onPick }: { locked: boolean; pending: Pending; onPick: (user: CellUser | null) => void }) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const results = useCellUserSearch(search, !locked);
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add members
        </Title>
        <Text size="xs" c="dimmed">
          Drag a user onto an empty seat, or pick one and choose the seat. A user sits in at most one cell.
        </Text>
        <TextInput
          label="Search users"
          placeholder="E-mail or user id"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          disabled={locked}
        />
        {results.isError && <Text c="red" size="sm">{results.error.message}</Text>}
        <Stack gap={6} aria-label="Users found" role="list">
          {(results.data?.users ?? []).map((user) => {
            const picked = pending?.kind === 'assign' && pending.user.id === user.id;
            const available = user.seat === null && user.status === 'active';
            return (
              <Paper
                key={user.id}
                withBorder
                p={6}
                role="listitem"
                draggable={available && !locked}
                onDragStart={(event) => {
                  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ kind: 'assign', userId: user.id } satisfies DragPayload));
                  event.dataTransfer.effectAllowed = 'move';
                }}
                style={{ cursor: available && !locked ? 'grab' : undefined }}
                data-testid="user-result"
              >
                <Group justify="space-between" wrap="nowrap" gap={6}>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {user.seat ? `Seat ${user.seat.position} in ${user.seat.cell_name}` : user.status === 'active' ? 'No seat' : 'Suspended'}
                    </Text>
                  </Stack>
                  {available && (
                    <Button
                      size="compact-xs"
                      variant={picked ? 'filled' : 'default'}
                      leftSection={<IconUserPlus size={12} />}
                      onClick={() => onPick(picked ? null : user)}
                      aria-pressed={picked}
                      aria-label={`Pick ${user.email}`}
                      disabled={locked}
                    >
                      {picked ? 'Picked' : 'Pick'}
                    </Button>
                  )}
                </Group>
              </Paper>
            );
          })}
          {results.data && results.data.users.length === 0 && (
            <Text size="sm" c="dimmed">
              No users match
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

function CellDetailsForm({ cell, onArchived }: { cell: CommissionCell; onArchived: () => void }) {
  const update = useUpdateCell();
  const archive = useArchiveCell();
  const cells = useAllCells();
  const [confirmArchive, setConfirmArchive] = useState(false);
  type Values = { name: string; description: string; parent_cell_id: string; version: number };
  const initial = (): Values => ({ name: cell.name, description: cell.description, parent_cell_id: cell.parent_cell_id ?? '', version: cell.version });
  const form = useDomainForm(UpdateCellInputSchema, initial(), { toInput: (values: Values) => ({ ...values, parent_cell_id: values.parent_cell_id || null }) });
  const submit = form.onSubmit((input) =>
    update.mutate(
      { id: cell.id, ...input },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Cell updated.' }),
        onError: (error) => {
          if (!form.setServerErrors(error)) notifications.show({ color: 'red', title: 'Failed to update cell', message: error.message });
        },
      },
    ),
  );
  const parents = (cells.data?.cells ?? []).filter((other) => other.id !== cell.id).map((other) => ({ value: other.id, label: other.name }));
  return (
    <Card withBorder padding="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5">
            Cell details
          </Title>
          <TextInput label="Cell name" {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={1} {...form.getInputProps('description')} />
          <Select
            label="Parent cell"
            placeholder="No parent (top-level cell)"
            data={parents}
            clearable
            searchable
            nothingFoundMessage="No cell matches"
            value={form.getValues().parent_cell_id || null}
            onChange={(value) => form.setFieldValue('parent_cell_id', value ?? '')}
            error={form.errors.parent_cell_id}
          />
          <Group gap="xs">
            <Button type="submit" size="xs" loading={update.isPending}>
              Save details
            </Button>
            <Button size="xs" variant="default" color="gray" disabled={cell.fill_count > 0} onClick={() => setConfirmArchive(true)} title={cell.fill_count > 0 ? 'Only an empty cell can be archived' : undefined}>
              Archive cell
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirmArchive}
        title={`Archive ${cell.name}?`}
        message="The cell disappears from the lists. Its history (revenue runs, ledger lines, audit entries) is kept."
        confirmLabel="Archive cell"
        loading={archive.isPending}
        onConfirm={() =>
          archive.mutate(
            { id: cell.id, version: cell.version },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `${cell.name} is archived.` });
                setConfirmArchive(false);
                onArchived();
              },
              onError: (error) => {
                notifications.show({ color: 'red', title: 'Failed to archive cell', message: error.message });
                setConfirmArchive(false);
              },
            },
          )
        }
        onClose={() => setConfirmArchive(false)}
      />
    </Card>
  );
}

/** The Visual Editor (spec 3 section 2.11) of one cell: the 13-seat grid, assign, remove, move (drag and drop or keyboard), lock, details. */
export function VisualEditor({ cellId, onGone }: { cellId: string; onGone: () => void }) {
  const cell = useCell(cellId);
  const advancement = useCellAdvancement(cellId);
  const assign = useAssignMember();
  const move = useMoveMember();
  const remove = useRemoveMember();
  const [pending, setPending] = useState<Pending>(null);
  const [removing, setRemoving] = useState<CellMember | null>(null);

  if (cell.isError) return <LoadError message={cell.error.message || 'Failed to load cell details'} onRetry={() => void cell.refetch()} />;
  if (cell.isPending) return <Text c="dimmed">Loading cell…</Text>;
  const current = cell.data;
  // Seats do not change on a locked cell, nor on the elite cell while it mirrors the Elite Pool (decision 38).
  const locked = current.status === 'locked' || current.elite_mirror;
  const bySeat = new Map(current.members.map((member) => [member.position, member]));
  const occupied = new Set(bySeat.keys());
  // Suggestions follow the seat they were computed for: a check answered before a move is not shown on another seat.
  const checks = new Map((advancement.data?.members ?? []).map((check) => [`${check.user_id}:${check.position}`, check]));
  const checkOf = (member: CellMember | undefined) => {
    const check = member && checks.get(`${member.user_id}:${member.position}`);
    return check && advancement.data ? { check, windowDays: advancement.data.window_days } : undefined;
  };

  const fail = (title: string) => (error: Error) => notifications.show({ color: 'red', title, message: error.message });
  const doAssign = (userId: string, position: number) => {
    assign.mutate({ id: current.id, user_id: userId, position, version: current.version }, { onError: fail('Failed to assign member') });
    setPending(null);
  };
  const doMove = (userId: string, from: number, to: number) => {
    // A drop on the same or an occupied seat is ignored (spec 3 section 4): nothing is sent.
    if (!decideSeatMove(from, to, occupied).ok) return;
    move.mutate({ id: current.id, user_id: userId, to_position: to, version: current.version }, { onError: fail('Failed to move member') });
    setPending(null);
  };
  const place = (position: number) => {
    if (pending?.kind === 'assign') doAssign(pending.user.id, position);
    if (pending?.kind === 'move') doMove(pending.member.user_id, pending.member.position, position);
  };
  const dropped = (payload: DragPayload, position: number) => (payload.kind === 'assign' ? doAssign(payload.userId, position) : doMove(payload.userId, payload.from, position));
  const seat = (position: number) => (
    <Seat
      key={position}
      position={position}
      member={bySeat.get(position)}
      advancement={checkOf(bySeat.get(position))}
      locked={locked}
      pending={pending}
      onPlace={place}
      onDrop={dropped}
      onStartMove={(member) => setPending(pending?.kind === 'move' && pending.member.user_id === member.user_id ? null : { kind: 'move', member })}
      onRemove={setRemoving}
    />
  );
  const busy = assign.isPending || move.isPending || remove.isPending;

  return (
    <Stack gap="md" onKeyDown={(event) => event.key === 'Escape' && pending && setPending(null)}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {current.name}
            </Title>
            <Badge color={STATUS_COLOR[current.status]} variant="filled">
              {current.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {current.fill_count}/{CELL_SIZE} seats filled · {current.parent_name ? `Parent: ${current.parent_name}` : 'Top-level cell'}
          </Text>
        </Stack>
        <LockButton cell={current} size="sm" />
      </Group>
      {current.elite_mirror && (
        <Alert color="blue" title="Elite Pool cell">
          {CELL_MESSAGES.eliteMirror}
        </Alert>
      )}
      {current.status === 'locked' && (
        <Alert color="red" icon={<IconLock size={16} />} title="This cell is locked">
          Seats cannot be assigned, removed or moved, and no revenue is processed on it, until it is unlocked.
        </Alert>
      )}
      <Text size="sm" aria-live="polite" c={pending ? 'blue.9' : 'dimmed'}>
        {pending?.kind === 'assign'
          ? `Choose an empty seat for ${pending.user.email} (Escape cancels).`
          : pending?.kind === 'move'
            ? `Choose an empty seat for ${pending.member.email} (Escape cancels).`
            : locked
              ? ''
              : 'Drag members between seats, or use Move and then Move here with the keyboard.'}
        {busy ? ' Saving…' : ''}
      </Text>
      {pending && (
        <Group>
          <Button size="xs" variant="default" onClick={() => setPending(null)}>
            Cancel
          </Button>
        </Group>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Lead
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {seat(0)}
            </SimpleGrid>
            <Text size="sm" fw={600}>
              Senior
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {CELL_POSITIONS.slice(1, 4).map(seat)}
            </SimpleGrid>
            <Text size="sm" fw={600}>
              Regular
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              {CELL_POSITIONS.slice(4).map(seat)}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <UserSearch locked={locked} pending={pending} onPick={(user) => setPending(user ? { kind: 'assign', user } : null)} />
            {/* Keyed by version: the form follows the cell as it reloads (another admin's change, a seat change). */}
            <CellDetailsForm key={`${current.id}:${current.version}`} cell={current} onArchived={onGone} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={removing !== null}
        title="Remove this member?"
        message={removing ? `${removing.email} leaves seat ${removing.position} (${ROLE_LABEL[seatRole(removing.position)]}) of ${current.name}.` : ''}
        detail="Payouts already made stay in the ledger. Recorded in the audit trail."
        confirmLabel="Remove member"
        loading={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: current.id, userId: removing.user_id, version: current.version },
            { onSettled: () => setRemoving(null), onError: fail('Failed to remove member') },
          )
        }
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
