import { Badge, Card, Grid, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ELITE_POOL, UpdateTradingSettingsInputSchema, type ConsensusMode, type TradingSettings } from '@myeai/domain';
import { FormFrame } from '../../../components/ui/form-frame.tsx';
import { SubmitRow } from '../../../components/ui/form-actions.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAdminSettings, useConsensusStatus, useLeaderboard, useUpdateSettings } from '../api/trading-admin-api.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { formatTime } from '../format.ts';
import { rateWithInterval } from '../../trader-dashboard/index.ts';
import { PerformanceWeightsCard } from './performance-weights-card.tsx';

const MODE_LABELS: Record<ConsensusMode, string> = { fixed: `Fixed (${ELITE_POOL.size}-trader hierarchy)`, open: 'Open (first N submissions)' };

function ModeSwitch({ settings }: { settings: TradingSettings }) {
  const update = useUpdateSettings();
  const onChange = (value: string) => {
    const mode = value as ConsensusMode;
    update.mutate(
      { consensus_mode: mode },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Consensus mode switched to ${mode.toUpperCase()} mode successfully!` }),
        onError: (error) => notifications.show({ color: 'red', message: `Failed to update consensus mode: ${error.message}` }),
      },
    );
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id="consensus-mode-label">
        Consensus mode
      </Text>
      <SegmentedControl
        aria-labelledby="consensus-mode-label"
        value={settings.consensus_mode}
        onChange={onChange}
        disabled={update.isPending}
        data={(['fixed', 'open'] as const).map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
      />
      <Text size="xs" c="dimmed">
        Fixed: the {ELITE_POOL.size} Elite Pool traders vote with their weights. Open: the first {settings.max_consensus_size} submissions inside the daily submission window count. A change applies to windows opened from now on.
      </Text>
    </Stack>
  );
}

function SettingsForm({ settings }: { settings: TradingSettings }) {
  const update = useUpdateSettings();
  const form = useDomainForm(
    UpdateTradingSettingsInputSchema,
    {
      submission_window_start: settings.submission_window_start,
      submission_window_end: settings.submission_window_end,
      // The number input's '' while empty.
      max_consensus_size: settings.max_consensus_size as number | string,
      performance_weight_enabled: settings.performance_weight_enabled,
      asset_specialization_enabled: settings.asset_specialization_enabled,
    },
    // Every field is optional in the (partial) update: an emptied size is sent as null so the schema refuses it with its message.
    { toInput: (values) => ({ ...values, max_consensus_size: values.max_consensus_size === '' ? null : Number(values.max_consensus_size) }) },
  );
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.onSubmit(
    (input) => {
      setFormError(null);
      update.mutate(input, {
        onSuccess: () => notifications.show({ color: 'green', message: 'Consensus settings updated successfully!' }),
        onError: (error) => {
          form.setServerErrors(error);
          setFormError(`Failed to update consensus settings: ${error.message}`);
        },
      });
    },
    () => setFormError(null),
  );

  const today = settings.submission_window_today;
  return (
    <FormFrame onSubmit={onSubmit} formError={formError}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="time" label="Submission window start" description="New York time (EST/EDT)" required {...form.getInputProps('submission_window_start')} />
        <TextInput type="time" label="Submission window end" description="New York time (EST/EDT)" required {...form.getInputProps('submission_window_end')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Today ({today.date}) the window runs {formatTime(today.starts_at)} to {formatTime(today.ends_at)} your time and is {today.is_open ? 'open now' : 'closed now'}. Times are stored as New York wall-clock times, so the window follows daylight-saving changes.
      </Text>
      <NumberInput label="Max consensus size" description="Open mode: submissions that count per window (1-20)" min={1} max={20} step={1} allowDecimal={false} {...form.getInputProps('max_consensus_size')} />
      <Switch label="Performance weighting" description="Open mode: weight each counted submission by the trader's shrunk market hit rate (see the backtest below before switching it on)" {...form.getInputProps('performance_weight_enabled', { type: 'checkbox' })} />
      <Switch label="Asset specialization" description="Open mode: a specialist whose specialization suits the timeframe counts double" {...form.getInputProps('asset_specialization_enabled', { type: 'checkbox' })} />
      <SubmitRow saving={update.isPending}>Save Consensus Settings</SubmitRow>
    </FormFrame>
  );
}

const SIGNAL_COLORS = { buy: 'green', sell: 'red', pending: 'gray' } as const;

function ConsensusStatusCard() {
  const status = useConsensusStatus();
  if (status.isError) return <LoadError message={status.error.message} onRetry={() => void status.refetch()} />;
  if (status.isPending) return <Text c="dimmed">Loading consensus status…</Text>;
  const { submission_stats: stats, daily_consensus: daily } = status.data;
  const figures = [
    { label: 'Traders in pool', value: String(stats.total_traders) },
    { label: 'Submissions today', value: String(stats.total_submissions) },
    { label: 'Windows opened today', value: String(stats.windows_opened) },
    { label: 'Submission rate', value: formatPercent(stats.submission_rate) },
  ];
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4">
        Consensus status, {status.data.date} (New York)
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} my="sm">
        {figures.map((figure) => (
          <div key={figure.label}>
            <Text fw={700}>{figure.value}</Text>
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={520}>
        <Table striped aria-label="Daily consensus per asset">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Asset</Table.Th>
              <Table.Th>Final signal</Table.Th>
              <Table.Th>Strength</Table.Th>
              <Table.Th>Avg confidence</Table.Th>
              <Table.Th>Submissions</Table.Th>
              <Table.Th>Windows closed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {daily.map((row) => (
              <Table.Tr key={row.asset_id}>
                <Table.Td fw={600}>{row.symbol}</Table.Td>
                <Table.Td>
                  <Badge color={SIGNAL_COLORS[row.final_signal]} variant="dot">
                    {row.final_signal}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatPercent(row.consensus_strength)}</Table.Td>
                <Table.Td>{formatPercent(row.confidence_score)}</Table.Td>
                <Table.Td>{row.submission_count}</Table.Td>
                <Table.Td>{row.windows_closed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Leaderboard accuracy colours (spec 3 section 9): >= 70 green, >= 50 orange, below red. */
const ACCURACY_COLORS = { green: 'green', orange: 'orange', red: 'red', gray: 'gray' } as const;

function LeaderboardCard() {
  const leaderboard = useLeaderboard();
  if (leaderboard.isError) return <LoadError message={leaderboard.error.message} onRetry={() => void leaderboard.refetch()} />;
  if (leaderboard.isPending) return <Text c="dimmed">Loading leaderboard…</Text>;
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4">
        Leaderboard, top 10
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {leaderboard.data.ranking_note} Prior weight: {leaderboard.data.prior_weight} votes. Market hit rate with its 95% interval; Brier score 0 best, 1 worst. Agreement with consensus: {leaderboard.data.accuracy_label}. Trending: agreement over the last 10 votes in confirmed windows.
      </Text>
      {leaderboard.data.rows.length === 0 ? (
        <Text c="dimmed">No trader has voted yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Leaderboard">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Trader</Table.Th>
                <Table.Th>Shrunk estimate</Table.Th>
                <Table.Th>Market hit rate (95% interval)</Table.Th>
                <Table.Th>Scored votes</Table.Th>
                <Table.Th>Brier</Table.Th>
                <Table.Th>Agreement with consensus</Table.Th>
                <Table.Th>Submissions</Table.Th>
                <Table.Th>Trending</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leaderboard.data.rows.map((row) => (
                <Table.Tr key={row.trader_id}>
                  <Table.Td>{row.rank}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.trader_name}</Text>
                    <Text size="xs" c="dimmed">
                      {row.email_local}
                    </Text>
                  </Table.Td>
                  <Table.Td fw={600}>{formatPercent(row.shrunk_hit_rate)}</Table.Td>
                  <Table.Td>{rateWithInterval({ hit_rate: row.market_hit_rate, ci_low: row.market_ci_low, ci_high: row.market_ci_high })}</Table.Td>
                  <Table.Td>{row.market_scored}</Table.Td>
                  <Table.Td>{row.brier === null ? '—' : row.brier.toFixed(3)}</Table.Td>
                  <Table.Td>
                    {/* The colour rides on the dot: coloured text itself falls below 4.5:1 on the striped rows. */}
                    <Badge variant="dot" color={ACCURACY_COLORS[row.accuracy_color]} tt="none" size="lg">
                      {formatPercent(row.accuracy_rate)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.total_submissions}</Table.Td>
                  <Table.Td>{formatPercent(row.trending_score)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** Consensus System tab: mode switch, the open-mode settings, today's status and the leaderboard. */
export function ConsensusTab() {
  const settings = useAdminSettings();
  return (
    <Stack gap="md">
      {settings.isError ? (
        <LoadError message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Text c="dimmed">Loading consensus settings…</Text>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="md" h="100%">
              <ModeSwitch settings={settings.data} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="md">
              <Title order={3} size="h4" mb="sm">
                Consensus settings
              </Title>
              {/* Remounted when the saved settings change, so the form shows what the server stored. */}
              <SettingsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
      <PerformanceWeightsCard />
      <ConsensusStatusCard />
      <LeaderboardCard />
    </Stack>
  );
}
