import { Anchor, Button, Container, Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  decideAccess,
  formatDollarsAndCents,
  PayoutStatementQuerySchema,
  statementLineOrigin,
  statementPeriod,
  STATEMENT_PERIOD_LABELS,
  STATEMENT_PERIOD_PRESETS,
  type PayoutPeriodStatement,
  type StatementPeriod,
  type UserProfile,
} from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { LabelledFigure } from '../../../components/ui/labelled-figure.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatCalendarDay, formatDate, formatDateTime } from '../../../lib/dates.ts';
import { PayoutStatusBadge } from '../../commissions/index.ts';
import { statementCsvHref, usePeriodStatement } from '../api/payout-statement-api.ts';
import './statement-print.css';

const noWrap = { style: { whiteSpace: 'nowrap' } } as const;

/** The period in the address (?from=&to=), so the page can be linked, reloaded and printed; the last 12 months by default. */
function usePeriod(): [StatementPeriod, string | null, (period: StatementPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const fallback = statementPeriod('last_12_months', new Date());
  if (asked.from === '' && asked.to === '') return [fallback, null, (period) => setParams(period, { replace: true })];
  const parsed = PayoutStatementQuerySchema.safeParse(asked);
  return [parsed.success ? parsed.data : fallback, parsed.success ? null : parsed.error.issues[0]!.message, (period) => setParams(period, { replace: true })];
}

function PeriodForm({ period, onChange }: { period: StatementPeriod; onChange: (period: StatementPeriod) => void }) {
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const choose = (next: StatementPeriod) => {
    setFrom(next.from);
    setTo(next.to);
    setError(null);
    onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PayoutStatementQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ path: String(issue.path[0] ?? 'to'), message: issue.message });
      return;
    }
    choose(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Statement period" className="statement-actions">
      <Stack gap="sm">
        <Group gap="xs" aria-label="Usual periods" role="group">
          {STATEMENT_PERIOD_PRESETS.map((preset) => (
            <Button key={preset} size="xs" variant="default" onClick={() => choose(statementPeriod(preset, new Date()))}>
              {STATEMENT_PERIOD_LABELS[preset]}
            </Button>
          ))}
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput type="date" label="From" value={from} onChange={(event) => setFrom(event.currentTarget.value)} error={error?.path === 'from' ? error.message : undefined} />
          <TextInput type="date" label="To" value={to} onChange={(event) => setTo(event.currentTarget.value)} error={error?.path === 'to' ? error.message : undefined} />
          <Button type="submit" variant="light">
            Show period
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StatementSheet({ statement }: { statement: PayoutPeriodStatement }) {
  return (
    <Paper withBorder p="lg" radius="md" className="statement-sheet">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              Payee
            </Text>
            <Text fw={600}>{statement.payee.name}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {statement.payee.email}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              Period (UTC)
            </Text>
            <Text fw={600} data-testid="statement-period">
              {formatCalendarDay(statement.from)} to {formatCalendarDay(statement.to)}
            </Text>
            <Text size="xs" c="dimmed">
              Made {formatDateTime(statement.generated_at)}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label="Totals of the period" component="section">
          <LabelledFigure label="Paid" value={formatDollarsAndCents(statement.totals.paid_cents)} size="lg" testId="statement-paid" />
          <LabelledFigure label="On its way" value={formatDollarsAndCents(statement.totals.processing_cents)} size="lg" testId="statement-processing" />
          <LabelledFigure label="Failed (available again)" value={formatDollarsAndCents(statement.totals.failed_cents)} size="lg" testId="statement-failed" />
        </SimpleGrid>
        <Divider />
        {statement.items.length === 0 ? (
          <Text c="dimmed" data-empty-state>
            No payouts in this period. Choose another period above.
          </Text>
        ) : (
          statement.items.map((payout) => (
            <Stack key={payout.id} gap="xs" component="article" aria-label={`Payout of ${formatDate(payout.created_at)}`} className="statement-payout">
              <Group justify="space-between" gap="xs">
                <div>
                  <Text fw={700}>{formatDollarsAndCents(payout.amount_cents)}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(payout.created_at)} · {payout.method_summary} · reference {payout.id.slice(0, 8)}
                  </Text>
                </div>
                <PayoutStatusBadge status={payout.status} />
              </Group>
              {payout.status === 'paid' && payout.settled_at && <Text size="sm">Paid on {formatDate(payout.settled_at)}.</Text>}
              {payout.status === 'failed' && payout.reason && <Text size="sm">Failed: {payout.reason}. The amount was available again for the next payout.</Text>}
              <DataTable
                rows={payout.lines}
                rowKey={(line) => line.commission_id}
                scroll={{ minWidth: 520, type: 'native', tabIndex: 0, role: 'region', 'aria-label': `Lines of the payout of ${formatDate(payout.created_at)}` }}
                table={{ verticalSpacing: 4, fz: 'sm', 'aria-label': 'Lines paid' }}
                columns={[
                  { key: 'product', header: 'Product', th: { scope: 'col' }, rowHeader: true, cell: (line) => line.product_name },
                  { key: 'origin', header: 'Earned by', th: { scope: 'col' }, cell: statementLineOrigin },
                  { key: 'earned', header: 'Earned', th: { scope: 'col' }, td: noWrap, cell: (line) => formatDate(line.earned_at) },
                  { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', ...noWrap }, cell: (line) => formatDollarsAndCents(line.amount_cents) },
                ]}
              />
            </Stack>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /payouts/statement (issue 30 item 5, decision 063): the signed-in payee's payouts of a period
 * with the lines each paid and the totals, made to be printed (print hides the app's frame and
 * the controls), and the same statement as CSV. Reached from the Payouts tab of /commissions and
 * from /earnings; every role that can earn may open it.
 */
export function PayoutStatementPage({ user }: { user: UserProfile }) {
  const [period, periodError, setPeriod] = usePeriod();
  const statement = usePeriodStatement(period);
  const back = decideAccess('affiliateTools', { activeRole: user.active_role }) === 'allowed' ? { to: '/commissions?tab=payouts', label: 'Back to Payouts' } : { to: '/earnings', label: 'Back to Purpose Impact' };
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <div>
          <Title order={1}>Payout statement</Title>
          <Text c="dimmed" size="sm">
            Your payouts of a period and the commission lines each one paid.
          </Text>
        </div>
        <Group justify="space-between" className="statement-actions">
          <Anchor component={Link} to={back.to} size="sm">
            {back.label}
          </Anchor>
          <Group gap="xs">
            <Anchor href={statementCsvHref(period)} download underline="always" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <IconDownload size={16} aria-hidden />
                Download CSV
              </Group>
            </Anchor>
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={!statement.data}>
              Print
            </Button>
          </Group>
        </Group>
        <PeriodForm key={`${period.from}:${period.to}`} period={period} onChange={setPeriod} />
        {periodError && (
          <Text size="sm" c="red.9" role="alert">
            The address names no valid period ({periodError}): the last 12 months are shown.
          </Text>
        )}
        {statement.isPending && <Skeleton h={320} radius="md" />}
        {statement.isError && <LoadError message={statement.error.message} onRetry={() => void statement.refetch()} />}
        {statement.data && <StatementSheet statement={statement.data} />}
      </Stack>
    </Container>
  );
}
