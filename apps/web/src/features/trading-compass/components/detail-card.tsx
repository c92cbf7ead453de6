import { Badge, Card, Group, Loader, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LockedContentCard } from '../../../components/ui/locked-content-card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { forbiddenMessage } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
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
          ) : !data.cell.has_data ? (
            <Text size="sm">No votes yet on this pair. The consensus appears once traders vote in an entry window.</Text>
          ) : (
            <>
              <Group gap="sm" align="center">
                <LightDot color={LIGHT_COLORS[data.cell.traffic_light]} size={16} />
                <Text fz={28} fw={800} lh={1}>
                  {data.cell.current_bias ? BIAS_WORDS[data.cell.current_bias].toUpperCase() : 'TIE'}
                </Text>
                <Badge variant="light" color="gray" size="lg">
                  {formatPercent(Math.max(data.cell.long_percentage, data.cell.short_percentage, data.cell.neutral_percentage))} consensus
                </Badge>
              </Group>
              <Share label="Long" value={data.cell.long_percentage} color="green.7" />
              <Share label="Short" value={data.cell.short_percentage} color="red.7" />
              <Share label="Neutral" value={data.cell.neutral_percentage} color="orange.6" />
              <Text size="sm">
                {data.cell.window_open ? `Voting open: ${data.cell.total_votes} votes so far` : `Last closed window: ${data.cell.total_votes} votes`}
                {data.cell.confirmed_bias ? ` · Confirmed consensus: ${BIAS_WORDS[data.cell.confirmed_bias]}` : ' · No confirmed consensus'}
              </Text>
              <Text size="sm" c="dimmed">
                Last updated {formatRelativeTime(data.cell.last_updated, now, { missing: 'never' })}
              </Text>
              <TraderBreakdownSection assetId={data.asset.id} timeframeId={data.timeframe.id} access={data.access} />
            </>
          )}
          <FollowControl asset={data.asset} timeframe={data.timeframe} />
        </Stack>
      )}
    </Card>
  );
}
