import { Alert, Button, Card, Checkbox, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { CELL_REVENUE_SOURCES, EMPTY_CELL_REVENUE_MESSAGE, ProcessRevenueFormSchema, type CommissionOverviewCell, type ProcessRevenueResponse } from '@myeai/domain';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { useProcessRevenue } from '../api/commission-management-api.ts';
import { PayoutTable } from './payout-table.tsx';

const SOURCE_LABEL: Record<(typeof CELL_REVENUE_SOURCES)[number], string> = { trading_fees: 'Trading fees', subscriptions: 'Subscriptions', other: 'Other' };

const EMPTY: z.input<typeof ProcessRevenueFormSchema> = { cell_id: '', amount: '', source: 'trading_fees', description: '', source_reference_id: '' };

/**
 * A real run (spec 3 section 7): cell, amount typed in dollars (the domain form schema converts it
 * to cents once, and every message about it speaks dollars), source, description and the source
 * reference that makes it idempotent (the same reference never pays twice). Audited by the server.
 */
export function ProcessRevenueForm({ cells }: { cells: CommissionOverviewCell[] }) {
  const run = useProcessRevenue();
  const [answer, setAnswer] = useState<ProcessRevenueResponse | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useDomainForm(ProcessRevenueFormSchema, EMPTY, { fieldOfPath: { amount_cents: 'amount' } });
  // A cell with no member pays nobody: the run is refused unless the admin books it all as unallocated (decision 066).
  const [bookUnallocated, setBookUnallocated] = useState(false);
  const chosen = cells.find((cell) => cell.id === form.values.cell_id);
  const isEmptyCell = chosen !== undefined && chosen.member_count === 0;
  const onSubmit = form.onSubmit((input) => {
    setFormError(null);
    setAnswer(null);
    if (isEmptyCell && !bookUnallocated) {
      setFormError(EMPTY_CELL_REVENUE_MESSAGE);
      return;
    }
    run.mutate({ ...input, book_unallocated: isEmptyCell && bookUnallocated }, {
      onSuccess: (response) => {
        setAnswer(response);
        if (response.status === 'processed') form.setValues({ ...EMPTY, cell_id: input.cell_id, source: input.source });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setFormError(error.message);
      },
    });
  });
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4">
        Process revenue
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Pays the cell's members and upline Leads into the commission ledger. The same source reference never pays twice.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Cell" placeholder="Choose a cell" required data={cells.map((cell) => ({ value: cell.id, label: `${cell.name} (${cell.member_count}/13)` }))} searchable {...form.getInputProps('cell_id')} />
            <TextInput label="Amount (USD)" description="In dollars, e.g. 1000.00" leftSection="$" placeholder="1000.00" inputMode="decimal" required {...form.getInputProps('amount')} />
            <Select label="Source" data={CELL_REVENUE_SOURCES.map((source) => ({ value: source, label: SOURCE_LABEL[source] }))} allowDeselect={false} {...form.getInputProps('source')} />
            <TextInput label="Source reference" placeholder="e.g. fees-2026-11-week-47" required {...form.getInputProps('source_reference_id')} />
          </SimpleGrid>
          <TextInput label="Description" {...form.getInputProps('description')} />
          {isEmptyCell && (
            <Alert color="orange" title="This cell has no members" data-testid="empty-cell-warning">
              <Stack gap="xs">
                <Text size="sm">{EMPTY_CELL_REVENUE_MESSAGE}</Text>
                <Checkbox label="Book all as unallocated" checked={bookUnallocated} onChange={(event) => setBookUnallocated(event.currentTarget.checked)} />
              </Stack>
            </Alert>
          )}
          <Button type="submit" loading={run.isPending} style={{ alignSelf: 'flex-start' }}>
            Process revenue
          </Button>
          {answer && (
            <Stack gap="xs">
              <Alert color={answer.status === 'processed' ? 'green' : 'blue'} role="status">
                {answer.message}
              </Alert>
              <PayoutTable result={answer.calculation_result} />
            </Stack>
          )}
        </Stack>
      </form>
    </Card>
  );
}
