import { Badge, Card, Group, Loader, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LockedContentCard } from '../../../components/ui/locked-content-card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { forbiddenMessage } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { formatFullTime, formatRelativeTime } from '../../../lib/relative-time.ts';
import { cellPresentation, ELITE_POOL, trafficLightOf, votingOpenLabel, type GridCell } from '@myeai/domain';
import { FollowControl } from '../../trading-alerts/index.ts';
import { type useSentimentDetail } from '../api/compass-api.ts';
import { BIAS_WORDS, LIGHT_COLORS, type TrialLock } from '../traffic-light.ts';
import classes from './compass.module.css';
import { LightDot } from './sentiment-grid.tsx';
import { TraderBreakdownSection } from './trader-breakdown.tsx';

type DetailCardProps = {
  detail: ReturnType<typeof useSentimentDetail>;
  /** A premium pair the trial has not unlocked yet: not asked, shown locked with the day it unlocks. */
  trialLock: TrialLock | null;
  now: number;
};

/** A locked pair: nothing behind the blur (the server sent no figures), and the shared locked-content card. */
function LockedDetail({ title, description, upgradeLabel }: { title: string; description: string; upgradeLabel: string }) {
  return (
    <>
      <Stack gap={6} className={classes.placeholder} aria-hidden>
        <Progress value={0} />
        <Progress value={0} />
        <Progress value={0} />
      </Stack>
      <LockedContentCard title={title} description={description} upgradeLabel={upgradeLabel} />
    </>
  );
}

/** An asset outside the pick of a plan with an asset limit. */
function unpicked(picked: string[] | null, assetId: string): boolean {
  return picked !== null && !picked.includes(assetId);
}

const PLAN_DESCRIPTION = 'The consensus on premium timeframes (H1, H4, D1, W1, W4) comes with every plan.';
/** The trial's card still offers a plan, which opens premium at once. */
const TRIAL_UPGRADE_LABEL = 'Unlock now with a plan';

function Share({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={700}>
          {formatPercent(value)}
        </Text>
      </Group>
      <Progress value={value} color={color} aria-label={`${label} ${formatPercent(value)}`} />
    </Stack>
  );
}

type UnlockedCell = Extract<GridCell, { locked: false }>;
type OpenWindowInfo = NonNullable<NonNullable<ReturnType<typeof useSentimentDetail>['data']>['open_window']>;

/** An open window: its vote count and when it opened, outlined and without a bias colour; no share until it closes. */
function VotingOpen({ cell, openWindow, now }: { cell: UnlockedCell; openWindow: OpenWindowInfo | null; now: number }) {
  return (
    <Stack gap={4} className={classes.votingOpenPanel}>
      <Text size="sm" fw={700}>
        {votingOpenLabel(cell.open_votes ?? 0, cell.open_pool_size ?? ELITE_POOL.size)}
      </Text>
      <Text size="sm" c="dimmed">
        {openWindow ? `Opened ${formatRelativeTime(openWindow.opened_at, now)}; ` : ''}the result and its shares appear when the window closes.
      </Text>
    </Stack>
  );
}

/**
 * The pair's last closed window (its shares, whether it confirmed a consensus, how long ago it
 * closed), and above it an open window's vote count; wording per decision 050.
 */
function CellDetail({ cell, openWindow, delayMinutes, now }: { cell: UnlockedCell; openWindow: OpenWindowInfo | null; delayMinutes: number; now: number }) {
  const presented = cellPresentation(cell);
  const result = presented.kind === 'closed' ? presented : presented.kind === 'voting_open' ? presented.last : null;
  return (
    <>
      {presented.kind === 'voting_open' && <VotingOpen cell={cell} openWindow={openWindow} now={now} />}
      {!result ? (
        <Text size="sm">{presented.kind === 'voting_open' ? 'No earlier result on this pair.' : 'No votes yet on this pair. The consensus appears once traders vote in an entry window and it closes.'}</Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {presented.kind === 'voting_open' ? 'Last result' : 'Latest result'}
          </Text>
          <Group gap="sm" align="center">
            {result.result === 'confirmed' ? (
              <>
                <LightDot color={LIGHT_COLORS[trafficLightOf(result.bias)]} size={16} />
                <Text fz={28} fw={800} lh={1}>
                  {BIAS_WORDS[result.bias].toUpperCase()}
                </Text>
                <Badge variant="light" color="gray" size="lg">
                  {formatPercent(cell[`${result.bias}_percentage`])} consensus
                </Badge>
              </>
            ) : (
              <>
                <LightDot color={LIGHT_COLORS.grey} size={16} />
                <Text fz={22} fw={800} lh={1}>
                  NO CONSENSUS
                </Text>
              </>
            )}
          </Group>
          <Share label="Long" value={cell.long_percentage} color="green.7" />
          <Share label="Short" value={cell.short_percentage} color="red.7" />
          <Share label="Neutral" value={cell.neutral_percentage} color="orange.6" />
          <Text size="sm">
            {cell.total_votes} votes
            {cell.confirmed_bias ? ` · Standing consensus: ${BIAS_WORDS[cell.confirmed_bias]}` : ' · No standing consensus'}
          </Text>
          <Text size="sm" c="dimmed" title={cell.last_updated ? formatFullTime(cell.last_updated) : undefined}>
            Window closed {formatRelativeTime(cell.last_updated, now, { missing: 'never' })}
            {delayMinutes > 0 ? ` (your view is ${delayMinutes / 60} hours behind)` : ''}
          </Text>
        </>
      )}
    </>
  );
}

/** The selected asset x timeframe: bias, consensus %, the three shares to one decimal, last updated (spec 3 section 2.1). */
export function DetailCard({ detail, trialLock, now }: DetailCardProps) {
  if (trialLock) {
    return (
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="detail-title" h="100%">
        <Title order={2} size="h4" id="detail-title" mb="sm">
          {`${trialLock.symbol} · ${trialLock.code}`}
        </Title>
        <LockedDetail title={`${trialLock.code} is a premium timeframe`} description={trialLock.message} upgradeLabel={TRIAL_UPGRADE_LABEL} />
      </Card>
    );
  }
  const data = detail.data;
  // A grid older than the trial's stage can still select a pair the server refuses: its reason is the card's text.
  const refused = forbiddenMessage(detail.error);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="detail-title" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="detail-title">
          {data ? `${data.asset.symbol} · ${data.timeframe.code}` : 'Consensus detail'}
        </Title>
        {detail.isFetching && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      {detail.isPending && <Skeleton h={180} />}
      {refused && <LockedContentCard title="Premium timeframe" description={refused} upgradeLabel={TRIAL_UPGRADE_LABEL} />}
      {detail.isError && !refused && <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />}
      {data && !refused && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {data.asset.name} · {data.timeframe.label}
          </Text>
          {data.cell.locked && unpicked(data.access.picked_asset_ids, data.asset.id) ? (
            <LockedDetail
              title={`${data.asset.symbol} is not in your assets`}
              description={`Your plan shows the ${data.access.asset_limit ?? 0} assets you pick. Pick ${data.asset.symbol} under Your assets to see it, or compare the plans with more assets.`}
              upgradeLabel="Compare plans"
            />
          ) : data.cell.locked ? (
            <LockedDetail title={`${data.timeframe.code} is a premium timeframe`} description={PLAN_DESCRIPTION} upgradeLabel={`Unlock ${data.timeframe.code}`} />
          ) : (
            <CellDetail cell={data.cell} openWindow={data.open_window} delayMinutes={data.access.delay_minutes} now={now} />
          )}
          {!data.cell.locked && data.cell.has_data && <TraderBreakdownSection assetId={data.asset.id} timeframeId={data.timeframe.id} access={data.access} />}
          <FollowControl asset={data.asset} timeframe={data.timeframe} />
        </Stack>
      )}
    </Card>
  );
}
