import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { CELL_SIZE, type CommissionOverview, type CommissionOverviewCell } from '@myeai/domain';
import { ProcessRevenueForm } from './process-revenue-form.tsx';
import { RevenueBatchPanel } from './revenue-batch-panel.tsx';
import { TestRevenueDialog, type TestRevenueCell } from './test-revenue-dialog.tsx';

/** Spec 3 section 5: a test run needs at least one member. */
export const TEST_NEEDS_MEMBERS = 'Commission test revenue needs a cell with at least one member.';

const STATUS_COLOR: Record<CommissionOverviewCell['status'], string> = { active: 'teal.9', locked: 'orange.9', processing: 'blue.8', archived: 'gray.7' };

function CellCard({ cell, onTest }: { cell: CommissionOverviewCell; onTest: () => void }) {
  const percent = Math.round((cell.member_count / CELL_SIZE) * 1000) / 10;
  const hintId = `test-hint-${cell.id}`;
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {cell.name}
            </Title>
            {cell.description && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {cell.description}
              </Text>
            )}
          </div>
          <Group gap={4} wrap="nowrap">
            {cell.is_elite && (
              <Badge color="grape.9" variant="filled">
                Elite Pool
              </Badge>
            )}
            <Badge color={STATUS_COLOR[cell.status]} variant="filled">{cell.status}</Badge>
          </Group>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Members</Text>
          <Text size="sm" fw={600}>
            {cell.member_count}/{CELL_SIZE} ({percent}%)
          </Text>
        </Group>
        <Progress value={(cell.member_count / CELL_SIZE) * 100} aria-label={`${cell.name} members: ${cell.member_count} of ${CELL_SIZE}`} />
        <Button variant="light" onClick={onTest} disabled={cell.member_count === 0} aria-describedby={cell.member_count === 0 ? hintId : undefined} style={{ alignSelf: 'flex-start' }}>
          Test $1000
        </Button>
        {cell.member_count === 0 && (
          <Text id={hintId} size="xs" c="dimmed">
            {TEST_NEEDS_MEMBERS}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Commission Cells tab: Create Cell, the cell cards with their members bar and Test $1000, real runs and the revenue file. */
export function CellsTab({ overview, createCell }: { overview: CommissionOverview; createCell?: ReactNode }) {
  const [testing, setTesting] = useState<TestRevenueCell | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Commission Cells
        </Title>
        {overview.cells.length > 0 && createCell}
      </Group>
      {overview.cells.length === 0 ? (
        // The empty list carries its action: the one Create Cell button of the tab sits here.
        <Card withBorder padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">No commission cells found. A cell has 13 seats; revenue is processed per cell.</Text>
            {createCell}
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {overview.cells.map((cell) => (
            <CellCard key={cell.id} cell={cell} onTest={() => setTesting({ id: cell.id, name: cell.name })} />
          ))}
        </SimpleGrid>
      )}
      <ProcessRevenueForm cells={overview.cells} />
      <RevenueBatchPanel />
      <TestRevenueDialog cell={testing} onClose={() => setTesting(null)} />
    </Stack>
  );
}
