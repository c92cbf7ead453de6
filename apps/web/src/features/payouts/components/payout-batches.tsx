import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  canSettleByHand,
  formatDollarsAndCents,
  PAYOUT_METHOD_LABELS,
  SettlePayoutItemInputSchema,
  type PayoutBatchResponse,
  type PayoutBatchStatus,
  type PayoutMethod,
  type PayoutMethodKind,
  type PayoutResultRowStatus,
  type PayoutResultsResponse,
  type PayoutSkipReason,
} from '@myeai/domain';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { LabelledFigure } from '../../../components/ui/labelled-figure.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PersonCell } from '../../../components/ui/person-cell.tsx';
import { formatCalendarDay, formatDateTime } from '../../../lib/dates.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import {
  payoutExportHref,
  useApprovePayoutBatch,
  useCancelPayoutBatch,
  usePayoutBatch,
  usePayoutBatches,
  usePreparePayoutBatch,
  useSettlePayoutItem,
  useUploadPayoutResults,
} from '../api/admin-payouts-api.ts';
import { PayoutStatusBadge } from '../../commissions/index.ts';

type Batch = PayoutBatchResponse['batch'];
type Item = Batch['items'][number];

const SKIP_REASONS: Record<PayoutSkipReason, string> = {
  below_minimum: 'Below the minimum',
  needs_wire: 'Needs wire details (a line is above the wire threshold)',
  no_details: 'No payout method',
  details_on_hold: 'New details still on hold',
  method_disabled: 'Method not enabled',
  suspended: 'Account suspended',
  stripe_not_ready: 'Stripe account not verified',
};

const BATCH_STATUS: Record<PayoutBatchStatus | 'preview', { label: string; color: string }> = {
  // Filled in dark shades: white text on them passes axe's colour contrast (neither a light nor a filled orange badge does).
  preview: { label: 'Preview (nothing written)', color: 'gray.7' },
  prepared: { label: 'Prepared, awaiting approval', color: 'violet.9' },
  approved: { label: 'Approved, paying', color: 'blue.8' },
  completed: { label: 'Completed', color: 'teal.9' },
  cancelled: { label: 'Cancelled', color: 'gray.7' },
};

/** Who prepared a batch: the weekly schedule (its week, decision 063) or an admin on demand. */
function batchOrigin(scheduledWeek: string | null): string {
  return scheduledWeek ? `Weekly batch, week of ${formatCalendarDay(scheduledWeek)}` : 'Prepared on demand';
}

// A tinted alert's own title colour is too light for axe's colour contrast; the text colour reads.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const noWrap = { style: { whiteSpace: 'nowrap' } } as const;

function Totals({ batch }: { batch: Batch }) {
  const methods = Object.entries(batch.totals_by_method) as [PayoutMethodKind, number][];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" aria-label="Totals per method" component="section">
      <LabelledFigure label="Total" value={formatDollarsAndCents(batch.total_cents)} size="lg" testId="batch-total" />
      {methods.map(([method, cents]) => (
        <LabelledFigure key={method} label={PAYOUT_METHOD_LABELS[method]} value={formatDollarsAndCents(cents)} size="lg" />
      ))}
    </SimpleGrid>
  );
}

function FailItemModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const settle = useSettlePayoutItem();
  const form = useDomainForm(SettlePayoutItemInputSchema, { status: 'failed' as 'paid' | 'failed', reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = form.onSubmit((input) => {
    if (!item?.id) return;
    settle.mutate(
      { id: item.id, status: 'failed', reason: input.reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Payout to ${item.user_name} marked failed; the amount is available again.` });
          close();
        },
        onError: (error) => {
          if (!form.setServerErrors(error)) notifications.show({ color: 'red', title: 'Could not mark the payout failed', message: error.message });
        },
      },
    );
  });
  return (
    <Modal opened={item !== null} onClose={close} title="Mark payout failed" centered>
      {item && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              The {formatDollarsAndCents(item.amount_cents)} payout to {item.user_name} ({item.method_summary}) failed. Its lines return to {item.user_name}’s available balance for the next
              batch, and {item.user_name} is told why.
            </Text>
            <Textarea label="Reason" description="What the provider reported, e.g. account closed" autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
            <FormActions saving={settle.isPending} onCancel={close} cancelDisabled={settle.isPending} color="red">
              Mark failed
            </FormActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function ItemActions({ item, onFail }: { item: Item; onFail: (item: Item) => void }) {
  const settle = useSettlePayoutItem();
  if (item.status !== 'processing' || !item.id) return <Text size="sm">{item.reason ?? '—'}</Text>;
  const markPaid = () =>
    settle.mutate(
      { id: item.id!, status: 'paid' },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Payout to ${item.user_name} marked paid.` }),
        onError: (error) => notifications.show({ color: 'red', title: 'Could not mark the payout paid', message: error.message }),
      },
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" loading={settle.isPending} onClick={markPaid} aria-label={`Mark paid: the payout to ${item.user_name}`}>
        Mark paid
      </Button>
      {/* A Stripe payout fails by its transfer's reversal at Stripe, not by hand (decision 069). */}
      {canSettleByHand(item.method, 'failed') && (
        <Button size="xs" variant="light" color="red" disabled={settle.isPending} onClick={() => onFail(item)} aria-label={`Mark failed: the payout to ${item.user_name}`}>
          Mark failed
        </Button>
      )}
    </Group>
  );
}

function ItemsTable({ batch, onFail }: { batch: Batch; onFail?: (item: Item) => void }) {
  const canSettle = onFail !== undefined && batch.status === 'approved';
  return (
    <DataTable
      rows={batch.items}
      rowKey={(item) => item.id ?? item.user_id}
      scroll={{ minWidth: canSettle ? 820 : 620, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Payout items table' }}
      table={{ verticalSpacing: 'sm', 'aria-label': 'Payout items' }}
      columns={[
        { key: 'payee', header: 'Payee', th: { scope: 'col' }, rowHeader: true, cell: (item) => <PersonCell name={item.user_name} detail={item.method_summary} fw={500} /> },
        { key: 'method', header: 'Method', th: { scope: 'col' }, td: noWrap, cell: (item) => PAYOUT_METHOD_LABELS[item.method] },
        { key: 'lines', header: 'Lines', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (item) => item.line_count },
        { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', ...noWrap }, cell: (item) => formatDollarsAndCents(item.amount_cents) },
        ...(batch.status === 'preview' ? [] : [{ key: 'status', header: 'Status', th: { scope: 'col' as const }, cell: (item: Item) => <PayoutStatusBadge status={item.status} /> }]),
        ...(canSettle ? [{ key: 'action', header: 'Result', th: { scope: 'col' as const }, cell: (item: Item) => <ItemActions item={item} onFail={onFail} /> }] : []),
      ]}
    />
  );
}

function SkippedTable({ skipped }: { skipped: Batch['skipped'] }) {
  return (
    <DataTable
      rows={skipped}
      rowKey={(row) => row.user_id}
      scroll={{ minWidth: 480, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Skipped payees table' }}
      table={{ verticalSpacing: 'xs', 'aria-label': 'Skipped payees' }}
      columns={[
        { key: 'payee', header: 'Payee', th: { scope: 'col' }, rowHeader: true, cell: (row) => row.user_name },
        { key: 'reason', header: 'Why not paid', th: { scope: 'col' }, cell: (row) => SKIP_REASONS[row.reason] },
        { key: 'available', header: 'Available', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', ...noWrap }, cell: (row) => formatDollarsAndCents(row.available_cents) },
      ]}
    />
  );
}

/** The manual provider's files: one per method the batch pays, the only place full details appear (the server logs each download). */
function ExportLinks({ batch }: { batch: Batch }) {
  // Stripe payouts have no file: they are sent as transfers (decision 069).
  const methods = (Object.keys(batch.totals_by_method) as PayoutMethodKind[]).filter((method): method is PayoutMethod => method !== 'stripe');
  if (!batch.id || methods.length === 0) return null;
  return (
    <Group gap="sm" aria-label="Payout files">
      {methods.map((method) => (
        <Anchor key={method} href={payoutExportHref(batch.id!, method)} download underline="always" size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden />
            {PAYOUT_METHOD_LABELS[method]} file (CSV)
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}

/** Cancelling a prepared batch (decision 063): an optional reason, then its lines go back to the payees' available balances. */
function CancelBatchModal({ batch, opened, onClose, onCancelled }: { batch: Batch; opened: boolean; onClose: () => void; onCancelled: () => void }) {
  const cancel = useCancelPayoutBatch();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  const onConfirm = () =>
    cancel.mutate(
      { id: batch.id!, reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Batch cancelled: its amounts are available again for the next batch.' });
          onCancelled();
          close();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'Could not cancel the batch', message: error.message }),
      },
    );
  return (
    <Modal opened={opened} onClose={close} title="Cancel payout batch" centered>
      <Stack gap="md">
        <Text size="sm">
          Cancel {batch.items.length} payout{batch.items.length === 1 ? '' : 's'} totalling {formatDollarsAndCents(batch.total_cents)}? Nothing has been paid: the payees were not told of this batch,
          and their amounts return to their available balances for the next batch.
        </Text>
        <Textarea label="Reason (optional)" description="Kept in the batch and the audit log" autosize minRows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.currentTarget.value)} data-autofocus />
        <FormActions saving={cancel.isPending} onCancel={close} cancelDisabled={cancel.isPending} onConfirm={onConfirm} color="red">
          Cancel batch
        </FormActions>
      </Stack>
    </Modal>
  );
}

const RESULT_STATUS: Record<PayoutResultRowStatus, { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal.9' },
  failed: { label: 'Failed', color: 'red.9' },
  unchanged: { label: 'Recorded already', color: 'gray.7' },
  error: { label: 'Error', color: 'red.9' },
};

/**
 * The provider's result file (decision 063): the payout file with a status column (paid or failed,
 * and a reason where it failed), or the provider's own report with the Reference column. Previewed
 * first (what each row would do, nothing written), then recorded; a row already recorded is left alone.
 */
function ResultFile({ batch }: { batch: Batch }) {
  const upload = useUploadPayoutResults();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<PayoutResultsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setError(null);
    setCsv(null);
    if (chosen) void chosen.text().then(setCsv, () => setError('The file could not be read.'));
  };
  const send = (dryRun: boolean) => {
    if (csv === null) return;
    setError(null);
    upload.mutate(
      { id: batch.id!, csv, dryRun },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (!dryRun) notifications.show({ color: 'green', message: `Results recorded: ${answer.counts.paid} paid, ${answer.counts.failed} failed.` });
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const toRecord = report?.dry_run ? report.counts.paid + report.counts.failed : 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="result-file-title">
      <div>
        <Title order={3} size="h5" id="result-file-title">
          Result file
        </Title>
        <Text size="sm" c="dimmed">
          A CSV with the Reference column of the payout file and a Status column (paid, or failed with a Reason column); an Amount column is checked against each payout. Preview it first: nothing is
          recorded until you confirm.
        </Text>
      </div>
      <FileInput label="Result file (CSV)" accept=".csv,text/csv" clearable clearButtonProps={{ 'aria-label': 'Clear the result file' }} value={file} onChange={choose} />
      <Group gap="sm">
        <Button variant="default" onClick={() => send(true)} disabled={csv === null} loading={upload.isPending && upload.variables?.dryRun === true}>
          Preview results
        </Button>
        <Button onClick={() => send(false)} disabled={toRecord === 0} loading={upload.isPending && upload.variables?.dryRun === false}>
          {toRecord > 0 ? `Record ${toRecord} result${toRecord === 1 ? '' : 's'}` : 'Record results'}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" styles={READABLE_TITLE}>
          {error}
        </Alert>
      )}
      {report && (
        <Stack gap="xs">
          <Text size="sm" role="status">
            {report.dry_run ? 'Preview, nothing recorded: ' : 'Recorded: '}
            {(['paid', 'failed', 'unchanged', 'error'] as const)
              .filter((status) => report.counts[status] > 0)
              .map((status) => `${report.counts[status]} ${RESULT_STATUS[status].label.toLowerCase()}`)
              .join(', ')}
          </Text>
          <DataTable
            rows={report.rows}
            rowKey={(row) => String(row.row)}
            scroll={{ minWidth: 720, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Result file rows table' }}
            table={{ verticalSpacing: 'xs', fz: 'sm', 'aria-label': report.dry_run ? 'Result file preview' : 'Result file report' }}
            columns={[
              { key: 'row', header: 'Row', th: { scope: 'col' }, rowHeader: true, cell: (row) => row.row },
              { key: 'payee', header: 'Payee', th: { scope: 'col' }, cell: (row) => row.user_name ?? row.reference ?? '—' },
              {
                key: 'status',
                header: 'Result',
                th: { scope: 'col' },
                cell: (row) => (
                  <Badge color={RESULT_STATUS[row.status].color} variant="filled">
                    {RESULT_STATUS[row.status].label}
                  </Badge>
                ),
              },
              { key: 'message', header: 'Message', th: { scope: 'col' }, cell: (row) => row.message },
              { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', ...noWrap }, cell: (row) => (row.amount_cents === null ? '—' : formatDollarsAndCents(row.amount_cents)) },
            ]}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** One written batch: its totals, approval, the payout files and each item's result. */
function BatchDetail({ id, onKeepOpen }: { id: string; onKeepOpen: (id: string) => void }) {
  const query = usePayoutBatch(id);
  const approve = useApprovePayoutBatch();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isCancelling, setIsCancelling] = useState(false);
  const [failing, setFailing] = useState<Item | null>(null);
  if (query.isError) return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton h={160} radius="md" />;
  const { batch } = query.data;
  const status = BATCH_STATUS[batch.status];
  const onApprove = () =>
    approve.mutate(id, {
      onSuccess: () => {
        setIsConfirming(false);
        notifications.show({ color: 'green', message: 'Batch approved: download the payout files, pay them, then record each result.' });
      },
      onError: (error) => {
        setIsConfirming(false);
        notifications.show({ color: 'red', title: 'Could not approve the batch', message: error.message });
      },
    });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="batch-detail-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" id="batch-detail-title">
              Batch of {formatDateTime(batch.created_at)}
            </Title>
            <Group gap="xs" mt={4}>
              <Badge color={status.color} variant="filled">
                {status.label}
              </Badge>
              <Text size="sm" c="dimmed">
                {batchOrigin(batch.scheduled_week)}
              </Text>
            </Group>
          </div>
          {batch.status === 'prepared' && (
            <Group gap="xs">
              <Button variant="default" color="red" onClick={() => setIsCancelling(true)}>
                Cancel batch
              </Button>
              <Button onClick={() => setIsConfirming(true)}>Approve batch</Button>
            </Group>
          )}
        </Group>
        {batch.status === 'cancelled' && (
          <Alert color="gray" variant="light" styles={READABLE_TITLE} title={`Cancelled on ${formatDateTime(batch.cancelled_at ?? batch.created_at)}`}>
            {batch.cancel_reason ? `Reason: ${batch.cancel_reason}. ` : ''}Nothing of it was paid: its amounts went back to the payees’ available balances.
          </Alert>
        )}
        <Totals batch={batch} />
        {batch.status !== 'prepared' && batch.status !== 'cancelled' && <ExportLinks batch={batch} />}
        {batch.status === 'approved' && (
          <Text size="sm" c="dimmed">
            Upload each file to its provider, then record each payout’s result: paid, or failed with the provider’s reason (its lines return to the payee’s available balance), one by one below or with
            the provider’s result file.
          </Text>
        )}
        {/* A completed batch keeps it: the report of the file that completed it stays, and a file can be checked against it again. */}
        {(batch.status === 'approved' || batch.status === 'completed') && batch.items.length > 0 && <ResultFile batch={batch} />}
        <ItemsTable batch={batch} onFail={setFailing} />
      </Stack>
      <ConfirmModal
        opened={isConfirming}
        title="Approve payout batch"
        message={`Approve ${batch.items.length} payout${batch.items.length === 1 ? '' : 's'} totalling ${formatDollarsAndCents(batch.total_cents)}?`}
        detail="The payout files become available and each payee is told their payout is on its way."
        confirmLabel="Approve"
        loading={approve.isPending}
        onConfirm={onApprove}
        onClose={() => setIsConfirming(false)}
      />
      {/* Mounted whatever the status: the cancel's own callbacks run after the refetch shows the batch cancelled. */}
      <CancelBatchModal batch={batch} opened={isCancelling} onClose={() => setIsCancelling(false)} onCancelled={() => onKeepOpen(id)} />
      <FailItemModal item={failing} onClose={() => setFailing(null)} />
    </Card>
  );
}

/**
 * "Prepare batch" (issue 30 item 3): a dry run first (who is paid, who waits and why, the totals
 * per method; nothing written), then the batch itself, which reserves the lines.
 */
function PrepareBatch({ onCreated }: { onCreated: (id: string) => void }) {
  const prepare = usePreparePayoutBatch();
  const [preview, setPreview] = useState<Batch | null>(null);
  const run = (dryRun: boolean) =>
    prepare.mutate(dryRun, {
      onSuccess: ({ batch }) => {
        if (dryRun) {
          setPreview(batch);
          return;
        }
        setPreview(null);
        if (batch.id) onCreated(batch.id);
        notifications.show({
          color: 'green',
          message: batch.items.length === 0 ? 'Nothing to pay: the batch is recorded as completed.' : `Batch prepared: ${batch.items.length} payout${batch.items.length === 1 ? '' : 's'}, ${formatDollarsAndCents(batch.total_cents)}.`,
        });
      },
      onError: (error) => notifications.show({ color: 'red', title: dryRun ? 'Could not preview the batch' : 'Could not prepare the batch', message: error.message }),
    });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="prepare-batch-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <div>
            <Title order={2} size="h4" id="prepare-batch-title">
              Prepare batch
            </Title>
            <Text size="sm" c="dimmed">
              Pays every payee whose available balance reaches the minimum, oldest lines first; everyone else waits, with the reason.
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={() => run(true)} loading={prepare.isPending && prepare.variables}>
              Preview batch
            </Button>
            <Button onClick={() => run(false)} loading={prepare.isPending && !prepare.variables} disabled={preview !== null && preview.items.length === 0}>
              Create batch
            </Button>
          </Group>
        </Group>
        {preview && (
          <Stack gap="sm" aria-label="Batch preview" component="section">
            <Alert color="gray" variant="light" styles={READABLE_TITLE} title={`Preview of ${formatDateTime(preview.created_at)}: nothing is written yet`}>
              {preview.items.length} payout{preview.items.length === 1 ? '' : 's'} would be made; {preview.skipped.length} payee{preview.skipped.length === 1 ? '' : 's'} would wait.
            </Alert>
            <Totals batch={preview} />
            {preview.items.length > 0 && <ItemsTable batch={preview} />}
            {preview.skipped.length > 0 && (
              <>
                <Title order={3} size="h5">
                  Waiting for a later batch
                </Title>
                <SkippedTable skipped={preview.skipped} />
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The batches written so far (shown once there is one), each opened below. */
function BatchList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const batches = usePayoutBatches();
  if (batches.isError) return <LoadError message={batches.error.message} onRetry={() => void batches.refetch()} />;
  if (batches.isPending || batches.data.items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="batches-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="batches-title">
          Batches
        </Title>
        <DataTable
          rows={batches.data.items}
          rowKey={(batch) => batch.id}
          scroll={{ minWidth: 680, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Payout batches table' }}
          table={{ verticalSpacing: 'xs', 'aria-label': 'Payout batches', highlightOnHover: true }}
          rowProps={(batch) => ({ 'data-selected': batch.id === selected || undefined })}
          columns={[
            { key: 'created', header: 'Prepared', th: { scope: 'col' }, rowHeader: true, td: noWrap, cell: (batch) => formatDateTime(batch.created_at) },
            { key: 'status', header: 'Status', th: { scope: 'col' }, cell: (batch) => BATCH_STATUS[batch.status].label },
            { key: 'origin', header: 'Prepared by', th: { scope: 'col' }, cell: (batch) => (batch.scheduled_week ? 'Weekly schedule' : 'An admin') },
            { key: 'items', header: 'Payouts', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (batch) => batch.item_count },
            { key: 'total', header: 'Total', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', ...noWrap }, cell: (batch) => formatDollarsAndCents(batch.total_cents) },
            {
              key: 'open',
              header: <VisuallyHidden>Open</VisuallyHidden>,
              th: { scope: 'col' },
              cell: (batch) => (
                <Button size="xs" variant={batch.id === selected ? 'filled' : 'default'} onClick={() => onSelect(batch.id)} aria-pressed={batch.id === selected} aria-label={`Open the batch of ${formatDateTime(batch.created_at)}`}>
                  Open
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}

export function PayoutBatches() {
  const [selected, setSelected] = useState<string | null>(null);
  const batches = usePayoutBatches();
  // Until the admin picks one, the newest batch that still needs a step (approval or results) is open.
  const waiting = batches.data?.items.find((batch) => batch.status === 'prepared' || batch.status === 'approved')?.id ?? null;
  const open = selected ?? waiting;
  // Once shown it stays open: a batch cancelled or completed on this screen keeps its detail (and the
  // dialog's or the result file's answer), instead of the next waiting batch taking its place.
  // (Set while rendering, React's way of keeping state that follows data: no effect, no extra paint.)
  if (selected === null && waiting !== null) setSelected(waiting);
  return (
    <>
      <PrepareBatch onCreated={setSelected} />
      <BatchList selected={open} onSelect={setSelected} />
      {open && <BatchDetail id={open} onKeepOpen={setSelected} />}
    </>
  );
}
