import { Anchor, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  FINANCE_FIGURE_HELP,
  FINANCE_FIGURE_LABELS,
  FINANCE_FIGURES,
  FINANCE_PERIOD_KINDS,
  formatDollarsAndCents,
  type FinanceFigure,
  type FinancePeriodKind,
  type FinancePeriodRow,
  type UserProfile,
} from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useFinance, useFinanceLines } from '../api/finance-api.ts';

const PERIOD_LABEL: Record<FinancePeriodKind, string> = { month: 'Months', week: 'Weeks' };
const COUNT: Record<FinancePeriodKind, number> = { month: 6, week: 8 };

const isFigure = (value: string | null): value is FinanceFigure => value !== null && (FINANCE_FIGURES as readonly string[]).includes(value);
const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A figure of a period: a link to its lines (the address holds the selection, so it can be shared). */
function FigureLink({ row, figure, period }: { row: FinancePeriodRow; figure: FinanceFigure; period: FinancePeriodKind }) {
  const cents = row[`${figure}_cents`];
  // Owed is a balance at the period's end: its lines are every unpaid line up to then.
  const query = new URLSearchParams({ period, figure, from: row.start, to: row.end });
  return (
    <Anchor component={Link} to={`/admin/finance?${query}`} c={cents < 0 ? 'red.9' : undefined} underline="always" aria-label={`${FINANCE_FIGURE_LABELS[figure]}, ${row.label}: ${formatDollarsAndCents(cents)}. Show its lines`}>
      {formatDollarsAndCents(cents)}
    </Anchor>
  );
}

function FigureLines({ figure, from, to }: { figure: FinanceFigure; from: string; to: string }) {
  const lines = useFinanceLines({ figure, from, to });
  const range = figure === 'owed' ? `owed at ${dateText(to)}` : `${dateText(from)} to ${dateText(new Date(Date.parse(to) - 1).toISOString())}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="finance-lines-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="finance-lines-title">
            {FINANCE_FIGURE_LABELS[figure]}: {range}
          </Title>
          <Text size="sm" c="dimmed">
            {FINANCE_FIGURE_HELP[figure]}
          </Text>
        </div>
        {lines.isError ? (
          <LoadError message="Failed to load the lines" onRetry={() => void lines.refetch()} />
        ) : !lines.data ? (
          <Skeleton height={120} />
        ) : (
          <>
            <Text size="sm" data-testid="finance-lines-total">
              {lines.data.count} {lines.data.count === 1 ? 'line' : 'lines'}, total {formatDollarsAndCents(lines.data.total_cents)}
              {lines.data.count > lines.data.items.length ? ` (the newest ${lines.data.items.length} shown)` : ''}
            </Text>
            <DataTable
              rows={lines.data.items}
              rowKey={(line) => `${line.id}-${line.at}`}
              empty="No lines in this period."
              scroll={{ minWidth: 720, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Lines of the figure' }}
              table={{ striped: true, verticalSpacing: 'xs', 'aria-label': `${FINANCE_FIGURE_LABELS[figure]} lines` }}
              columns={[
                { key: 'what', header: 'Line', th: { scope: 'col' }, rowHeader: true, cell: (line) => <Text size="sm">{line.description}</Text> },
                { key: 'who', header: 'Member', th: { scope: 'col' }, cell: (line) => (line.user ? `${line.user.name} (${line.user.email})` : <Text size="sm" c="dimmed" span>None</Text>) },
                { key: 'at', header: 'Date', th: { scope: 'col' }, td: { style: { whiteSpace: 'nowrap' } }, cell: (line) => dateText(line.at) },
                { key: 'status', header: 'Status', th: { scope: 'col' }, cell: (line) => (line.status ? <Text size="sm" span tt="capitalize">{line.status}</Text> : null) },
                { key: 'amount', header: 'Amount', th: { scope: 'col', ta: 'right' }, td: { ta: 'right', style: { whiteSpace: 'nowrap' } }, cell: (line) => formatDollarsAndCents(line.amount_cents) },
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /admin/finance (issue 31 item 6, decision 066): per period, revenue in, refunds out, and the
 * commission ledger's earned, reversed, paid and owed, and the unallocated revenue; each figure
 * links to the lines it adds up (the server's GET /api/admin/finance/lines).
 */
export function AdminFinancePage(_props: { user: UserProfile }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const period: FinancePeriodKind = searchParams.get('period') === 'week' ? 'week' : 'month';
  const finance = useFinance(period, COUNT[period]);
  const figure = searchParams.get('figure');
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  return (
    <Stack gap="lg">
      <PageHeader screen="/admin/finance" subtitle="Money in and out and the commission ledger, per period, in dollars and cents. Every figure links to its lines." subtitleSize="sm" />
      <Group>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(value) => setSearchParams({ period: value })}
          data={FINANCE_PERIOD_KINDS.map((kind) => ({ value: kind, label: PERIOD_LABEL[kind] }))}
        />
      </Group>
      {finance.isError ? (
        <LoadError message="Failed to load the finance figures" onRetry={() => void finance.refetch()} />
      ) : !finance.data ? (
        <Skeleton height={320} />
      ) : (
        <Card withBorder padding="md">
          <DataTable
            rows={[...[...finance.data.periods].reverse().map((row) => ({ kind: 'period' as const, row })), { kind: 'total' as const, row: { ...finance.data.totals, label: 'Total', start: 'total', end: 'total' } }]}
            rowKey={(entry) => entry.row.start}
            rowProps={(entry) => (entry.kind === 'period' ? { 'data-testid': `finance-period-${entry.row.start.slice(0, 10)}` } : { 'data-testid': 'finance-total' })}
            scroll={{ minWidth: 880, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Finance figures per period' }}
            table={{ striped: true, verticalSpacing: 'sm', 'aria-label': 'Finance figures per period' }}
            columns={[
              { key: 'period', header: 'Period', th: { scope: 'col' }, rowHeader: true, td: { style: { whiteSpace: 'nowrap' } }, cell: (entry) => entry.row.label },
              ...FINANCE_FIGURES.map((key) => ({
                key,
                header: FINANCE_FIGURE_LABELS[key],
                th: { scope: 'col' as const, ta: 'right' as const, title: FINANCE_FIGURE_HELP[key] },
                td: { ta: 'right' as const, style: { whiteSpace: 'nowrap' as const }, 'data-figure': key },
                cell: (entry: { kind: 'period' | 'total'; row: FinancePeriodRow }) =>
                  entry.kind === 'period' ? (
                    <FigureLink row={entry.row} figure={key} period={period} />
                  ) : (
                    <Text span fw={700} size="sm">
                      {formatDollarsAndCents(entry.row[`${key}_cents`])}
                    </Text>
                  ),
              })),
            ]}
          />
          <Text size="xs" c="dimmed" mt="sm">
            {FINANCE_FIGURE_HELP.owed} The total of owed is the figure at the end of the last period.
          </Text>
        </Card>
      )}
      {isFigure(figure) && from && to && <FigureLines figure={figure} from={from} to={to} />}
    </Stack>
  );
}
