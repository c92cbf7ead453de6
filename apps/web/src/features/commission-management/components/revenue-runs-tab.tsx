import { Alert, Badge, Button, Card, Modal, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDollarsAndCents, payoutsText, ReverseRunInputSchema, type RevenueRunItem } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useRevenueRuns, useReverseRun } from '../api/commission-management-api.ts';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** "Reverse run": the reason, what the reversal writes, and the confirmation. */
function ReverseRunDialog({ run, onClose }: { run: RevenueRunItem | null; onClose: () => void }) {
  const reverse = useReverseRun();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    reverse.reset();
    onClose();
  };
  const confirm = () => {
    if (!run) return;
    const parsed = ReverseRunInputSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Say why it is reversed.');
    setError(null);
    reverse.mutate({ runId: run.id, reason: parsed.data.reason }, { onSuccess: close, onError: (failure) => setError(failure.message) });
  };
  return (
    <Modal opened={run !== null} onClose={close} title="Reverse run" centered>
      {run && (
        <Stack gap="md">
          <Text size="sm">
            Reverse the run {run.source_reference_id} on {run.cell_name} ({formatDollarsAndCents(run.amount_cents)})? A reversing line of exactly each payout's amount is written ({payoutsText(run.payouts_count)},{' '}
            {formatDollarsAndCents(-run.paid_cents)}) and the unallocated {formatDollarsAndCents(run.unallocated_cents)} is taken back, so the run nets to {formatDollarsAndCents(0)}.
          </Text>
          <Text size="sm" c="dimmed">
            The run keeps its history. Each payee is told; a payout already made is taken from their next payout.
          </Text>
          <Textarea label="Reason" required autosize minRows={2} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={error ?? undefined} data-autofocus />
          <FormActions saving={reverse.isPending} onCancel={close} cancelDisabled={reverse.isPending} onConfirm={confirm} color="red">
            Reverse run
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}

/** Revenue Runs (issue 31 item 3, decision 066): every processed run with its split, and "Reverse run" on one not reversed yet. */
export function RevenueRunsTab() {
  const runs = useRevenueRuns();
  const [reversing, setReversing] = useState<RevenueRunItem | null>(null);
  if (runs.isError) return <LoadError message="Failed to load the revenue runs" onRetry={() => void runs.refetch()} />;
  if (!runs.data) return <Skeleton height={240} />;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            Revenue Runs
          </Title>
          <Text size="sm" c="dimmed">
            Every processed run, newest first. A run processed on the wrong cell or for the wrong amount is reversed, never edited.
          </Text>
        </div>
        <DataTable
          rows={runs.data.items}
          rowKey={(run) => run.id}
          empty="No revenue has been processed yet."
          scroll={{ minWidth: 900, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Revenue runs table' }}
          table={{ striped: true, verticalSpacing: 'sm', 'aria-label': 'Revenue runs' }}
          rowProps={(run) => ({ 'data-run-id': run.id })}
          columns={[
            {
              key: 'reference',
              header: 'Run',
              th: { scope: 'col' },
              rowHeader: true,
              cell: (run) => (
                <div>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {run.source_reference_id}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {run.cell_name} · {dateTime(run.created_at)}
                  </Text>
                </div>
              ),
            },
            { key: 'amount', header: 'Revenue', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (run) => formatDollarsAndCents(run.amount_cents) },
            { key: 'paid', header: 'Paid', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (run) => `${formatDollarsAndCents(run.paid_cents)} (${payoutsText(run.payouts_count)})` },
            { key: 'unallocated', header: 'Unallocated', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (run) => formatDollarsAndCents(run.unallocated_cents) },
            {
              key: 'status',
              header: 'Status',
              th: { scope: 'col' },
              cell: (run) =>
                run.reversal ? (
                  <div>
                    <Badge color="red.9" variant="filled">
                      Reversed
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {dateTime(run.reversal.created_at)}: {run.reversal.reason}
                    </Text>
                  </div>
                ) : (
                  <Button size="xs" variant="outline" color="red.9" onClick={() => setReversing(run)} aria-label={`Reverse run ${run.source_reference_id}`}>
                    Reverse run
                  </Button>
                ),
            },
          ]}
        />
        {runs.data.items.some((run) => run.reversal) && (
          <Alert color="gray" variant="light">
            A reversed run nets to {formatDollarsAndCents(0)}: its payouts are offset by negative lines in each payee's ledger and its unallocated revenue is taken back.
          </Alert>
        )}
      </Stack>
      <ReverseRunDialog run={reversing} onClose={() => setReversing(null)} />
    </Card>
  );
}
