import { Box, Button, Card, Group, Loader, Menu, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconGripVertical } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { formatDollarsAndCents, LEAD_STAGE_LABELS, LEAD_STAGES, type Lead, type LeadFilterQuery, type LeadStage, type StageTotal } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useBoardColumn, useChangeLeadStage } from '../api/leads-api.ts';
import { StageDot } from './stage-badge.tsx';
import { showStageError } from './stage-select.tsx';

const DRAG_TYPE = 'application/x-myeai-lead';

type MoveLead = (lead: Lead, to: LeadStage) => void;

/** A column's width: seven side by side scroll sideways at 1440 px as at 375 px. */
const BOARD_COLUMN_WIDTH = 272;

type LeadBoardProps = {
  filter: Pick<LeadFilterQuery, 'q' | 'sort' | 'dir' | 'stage'>;
  totals: StageTotal[];
  onEdit: (lead: Lead) => void;
};

/**
 * The pipeline as one column per stage with its count and value. Dragging a card onto another
 * column changes the lead's stage; every card also has a "Move to" menu for keyboard and touch.
 */
export function LeadBoard({ filter, totals, onEdit }: LeadBoardProps) {
  const change = useChangeLeadStage();
  const [moving, setMoving] = useState<{ id: string; to: LeadStage } | null>(null);
  const stages = filter.stage ? [filter.stage] : LEAD_STAGES;

  const move: MoveLead = (lead, to) => {
    if (lead.stage === to || moving) return;
    setMoving({ id: lead.id, to });
    change.mutate(
      { id: lead.id, stage: to },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `${lead.name} moved to ${LEAD_STAGE_LABELS[to]}` }),
        onError: showStageError,
        onSettled: () => setMoving(null),
      },
    );
  };

  return (
    // One pipeline, left to right, scrolling sideways inside its own box (the page never does).
    // Dragging near its edge scrolls it; every card's menu also moves a lead to any stage.
    <Box
      role="region"
      aria-label="Lead pipeline"
      tabIndex={0}
      style={{ overflowX: 'auto', overscrollBehaviorX: 'contain' }}
      pb="xs"
    >
      <Group gap="sm" wrap="nowrap" align="stretch" w={stages.length > 1 ? 'max-content' : undefined}>
        {stages.map((stage) => (
          <Box key={stage} w={stages.length > 1 ? BOARD_COLUMN_WIDTH : '100%'} style={{ flexShrink: 0 }}>
            <BoardColumn
              stage={stage}
              filter={filter}
              total={totals.find((t) => t.stage === stage) ?? { stage, count: 0, value_cents: 0 }}
              moving={moving}
              onMove={move}
              onEdit={onEdit}
            />
          </Box>
        ))}
      </Group>
    </Box>
  );
}

type BoardColumnProps = {
  stage: LeadStage;
  filter: LeadBoardProps['filter'];
  total: StageTotal;
  moving: { id: string; to: LeadStage } | null;
  onMove: MoveLead;
  onEdit: (lead: Lead) => void;
};

function BoardColumn({ stage, filter, total, moving, onMove, onEdit }: BoardColumnProps) {
  const column = useBoardColumn(stage, { q: filter.q, sort: filter.sort, dir: filter.dir });
  const [isOver, setIsOver] = useState(false);
  const leads = column.data?.pages.flatMap((page) => page.items) ?? [];
  const matching = column.data?.pages[0]?.total;
  const titleId = `board-column-${stage}`;

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setIsOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    const data = event.dataTransfer.getData(DRAG_TYPE);
    if (!data) return;
    const lead = JSON.parse(data) as Lead;
    onMove(lead, stage);
  };

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      withBorder
      padding="sm"
      bg={isOver ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)'}
      style={{ borderStyle: isOver ? 'dashed' : undefined, borderColor: isOver ? 'var(--mantine-color-blue-6)' : undefined }}
      onDragOver={onDragOver}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-stage={stage}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <StageDot stage={stage} />
          <Title order={2} size="h5" id={titleId}>
            {LEAD_STAGE_LABELS[stage]}
          </Title>
        </Group>
        <Text size="sm" fw={600} aria-label={`${total.count} leads, ${formatDollarsAndCents(total.value_cents)}`}>
          {total.count.toLocaleString('en-US')} · {formatDollarsAndCents(total.value_cents)}
        </Text>
      </Group>
      {filter.q && matching !== undefined && (
        <Text size="xs" c="dimmed" mb="xs">
          {matching.toLocaleString('en-US')} matching the search
        </Text>
      )}
      <Stack gap="xs" mih={80}>
        {column.isError && !column.data ? (
          <LoadError message={column.error.message} onRetry={() => void column.refetch()} />
        ) : column.isPending ? (
          <Loader size="sm" aria-label={`Loading ${LEAD_STAGE_LABELS[stage]} leads`} />
        ) : leads.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No leads
          </Text>
        ) : (
          leads.map((lead) => <BoardCard key={lead.id} lead={lead} moving={moving} onMove={onMove} onEdit={onEdit} />)
        )}
        {column.hasNextPage && (
          <Button variant="subtle" size="xs" onClick={() => void column.fetchNextPage()} loading={column.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </Stack>
    </Card>
  );
}

type BoardCardProps = { lead: Lead; moving: BoardColumnProps['moving']; onMove: MoveLead; onEdit: (lead: Lead) => void };

function BoardCard({ lead, moving, onMove, onEdit }: BoardCardProps) {
  const isMoving = moving?.id === lead.id;
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(lead));
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Card
      withBorder
      padding="xs"
      radius="sm"
      draggable={!moving}
      onDragStart={onDragStart}
      style={{ cursor: moving ? 'progress' : 'grab', opacity: isMoving ? 0.6 : 1 }}
      data-lead-card={lead.email}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
        <Box style={{ minWidth: 0 }}>
          <UnstyledButton onClick={() => onEdit(lead)} aria-label={`Edit ${lead.name}`}>
            <Text fw={600} size="sm" truncate>
              {lead.name}
            </Text>
          </UnstyledButton>
          <Text size="xs" c="dimmed" truncate>
            {lead.company ?? lead.email}
          </Text>
          <Text size="sm">{formatDollarsAndCents(lead.value_cents)}</Text>
          {isMoving && (
            <Text size="xs" c="dimmed">
              Moving to {LEAD_STAGE_LABELS[moving.to]}…
            </Text>
          )}
        </Box>
        <Group gap={0} wrap="nowrap">
          <IconGripVertical size={16} aria-hidden color="var(--mantine-color-gray-6)" />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label={`Move ${lead.name} to…`} disabled={Boolean(moving)} p={2}>
                <IconDots size={16} aria-hidden />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move to…</Menu.Label>
              {LEAD_STAGES.filter((stage) => stage !== lead.stage).map((stage) => (
                <Menu.Item key={stage} leftSection={<StageDot stage={stage} />} onClick={() => onMove(lead, stage)}>
                  {LEAD_STAGE_LABELS[stage]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Card>
  );
}
