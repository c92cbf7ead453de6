import { Badge, Card, Group, Loader, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LockedContentCard } from '../../../components/ui/locked-content-card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { type useSentimentDetail } from '../api/compass-api.ts';
import { formatUpdated } from '../relative-time.ts';
import { BIAS_WORDS, formatShare, LIGHT_COLORS } from '../traffic-light.ts';
import classes from './compass.module.css';
import { LightDot } from './sentiment-grid.tsx';

type DetailCardProps = { detail: ReturnType<typeof useSentimentDetail>; now: number };

function Share({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={700}>
          {formatShare(value)}
        </Text>
      </Group>
      <Progress value={value} color={color} aria-label={`${label} ${formatShare(value)}`} />
    </Stack>
  );
}

/** The selected asset x timeframe: bias, consensus %, the three shares to one decimal, last updated (spec 3 section 2.1). */
export function DetailCard({ detail, now }: DetailCardProps) {
  const data = detail.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="detail-title" h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="detail-title">
          {data ? `${data.asset.symbol} · ${data.timeframe.code}` : 'Consensus detail'}
        </Title>
        {detail.isFetching && <Loader size="xs" aria-label="Refreshing" />}
      </Group>
      {detail.isPending && <Skeleton h={180} />}
      {detail.isError && <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />}
      {data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {data.asset.name} · {data.timeframe.label}
          </Text>
          {data.cell.locked ? (
            <>
              {/* Nothing behind the blur: the server sent no figures for this pair. */}
              <Stack gap={6} className={classes.placeholder} aria-hidden>
                <Progress value={0} />
                <Progress value={0} />
                <Progress value={0} />
              </Stack>
              <LockedContentCard
                title={`${data.timeframe.code} is a premium timeframe`}
                description="The consensus on premium timeframes (H1, H4, D1, W1, W4) comes with every plan."
                upgradeLabel={`Unlock ${data.timeframe.code}`}
              />
            </>
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
                  {formatShare(Math.max(data.cell.long_percentage, data.cell.short_percentage, data.cell.neutral_percentage))} consensus
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
                Last updated {formatUpdated(data.cell.last_updated, now)}
              </Text>
            </>
          )}
        </Stack>
      )}
    </Card>
  );
}
