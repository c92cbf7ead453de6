import { Badge, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ELITE_POOL, getPlan, type CompassAccessInfo, type SentimentGrid as SentimentGridData, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { TradingDisclaimer } from '../../subscriptions/index.ts';
import { GoalQuickSetupPrompt } from '../../goals/index.ts';
import { FollowedCellsCard } from '../../trading-alerts/index.ts';
import { useCompassGrid, useConsensusEvents, useSentimentDetail, useSentimentHistory, useTrackRecord, useTradingPlan } from '../api/compass-api.ts';
import { useCompassLive } from '../hooks/use-compass-live.ts';
import { defaultSelection } from '../default-selection.ts';
import { trialLockMessage, type TrialLock } from '../traffic-light.ts';
import { AccessBanners } from './access-banners.tsx';
import { AssetPickerCard } from './asset-picker-card.tsx';
import { DetailCard } from './detail-card.tsx';
import { EngineInfoCard } from './engine-info-card.tsx';
import { HistoryChart } from './history-chart.tsx';
import { RecentEventsCard } from './recent-events-card.tsx';
import { SentimentGrid, type PairSelection } from './sentiment-grid.tsx';
import { SubscriptionRequired } from './subscription-required.tsx';
import { TrackRecordCard } from './track-record-card.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });


function PlanBadge({ access }: { access: CompassAccessInfo }) {
  const plan = useTradingPlan();
  if (access.has_plan) {
    return (
      <Badge color="green" variant="dot" size="lg">
        {plan.data?.plan ? `${getPlan(plan.data.plan).name} plan` : 'Subscriber'}
      </Badge>
    );
  }
  const label = access.level === 'trial' ? 'Trial access' : access.level === 'preview' ? 'Free preview' : access.level === 'subscriber' ? 'Full access' : 'No plan';
  return (
    <Badge color="gray" variant="light" size="lg">
      {label}
    </Badge>
  );
}

/** /trading-compass (spec 3 sections 2.1 and 6): what the server lets this user see, live. */
export function TradingCompassPage(_props: { user: UserProfile }) {
  const grid = useCompassGrid();
  useCompassLive();
  if (grid.isPending) {
    return (
      <Stack gap="lg">
        <CompassTitle />
        <Skeleton h={360} radius="md" />
      </Stack>
    );
  }
  if (grid.isError) {
    return (
      <Stack gap="lg">
        <CompassTitle />
        <LoadError message={grid.error.message} onRetry={() => void grid.refetch()} />
      </Stack>
    );
  }
  if (grid.data.access.level === 'none') return <SubscriptionRequired />;
  return <Compass grid={grid.data} updatedAt={grid.dataUpdatedAt} />;
}

function CompassTitle() {
  return (
    <div>
      <ScreenTitle screen="/trading-compass" name="MYEAI – Trading Compass" />
      <Text c="dimmed">{ELITE_POOL.size}-Trader Anonymous Consensus Engine</Text>
    </div>
  );
}

function Compass({ grid, updatedAt }: { grid: SentimentGridData; updatedAt: number }) {
  const [chosen, setChosen] = useState<PairSelection | null>(null);
  const now = useNow(30_000);
  // A chosen pair that left the grid (an asset deactivated) falls back to the default.
  const stillThere = chosen && grid.assets.some((a) => a.id === chosen.assetId) && grid.timeframes.some((t) => t.id === chosen.timeframeId);
  const selected = stillThere ? chosen : defaultSelection(grid);
  const symbol = grid.assets.find((asset) => asset.id === selected?.assetId)?.symbol ?? null;
  const timeframe = grid.timeframes.find((t) => t.id === selected?.timeframeId) ?? null;
  // A premium pair the trial has not unlocked yet: the server would refuse it (403), so it is not asked.
  const trialLockText = trialLockMessage(grid.access);
  const trialLock: TrialLock | null = trialLockText && timeframe?.locked && symbol ? { message: trialLockText, symbol, code: timeframe.code } : null;
  const pairAsked = selected && !trialLock ? selected : null;
  const detail = useSentimentDetail(pairAsked?.assetId ?? null, pairAsked?.timeframeId ?? null);
  const events = useConsensusEvents(selected?.assetId ?? null);
  const history = useSentimentHistory(pairAsked?.assetId ?? null, pairAsked?.timeframeId ?? null);
  const trackRecord = useTrackRecord(pairAsked?.assetId ?? null, pairAsked?.timeframeId ?? null);
  const delayed = grid.access.delay_minutes > 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <CompassTitle />
        <Stack gap={4} align="flex-end">
          <PlanBadge access={grid.access} />
          <Text size="sm" c="dimmed">
            Last update {clock.format(updatedAt)}
            {delayed ? ` · data as of ${clock.format(new Date(grid.access.data_as_of))}` : ''}
          </Text>
        </Stack>
      </Group>
      <AccessBanners access={grid.access} />
      <GoalQuickSetupPrompt context="delayed_data" enabled={delayed} />
      {grid.access.picked_asset_ids !== null && <AssetPickerCard grid={grid} />}
      <SentimentGrid grid={grid} now={now} selected={selected} onSelect={setChosen} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <DetailCard detail={detail} trialLock={trialLock} now={now} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 4 }}>
          <HistoryChart history={history} trialLock={trialLock} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <RecentEventsCard events={events} symbol={symbol} now={now} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TrackRecordCard record={trackRecord} trialLock={trialLock} />
        </Grid.Col>
      </Grid>
      <FollowedCellsCard />
      <EngineInfoCard thresholds={grid.thresholds} delayMinutes={grid.access.delay_minutes} />
      <TradingDisclaimer />
    </Stack>
  );
}
