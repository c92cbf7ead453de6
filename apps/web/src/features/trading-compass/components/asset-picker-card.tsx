import { Alert, Button, Card, Chip, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { getPlan, type AssetPicks, type CompassAccessInfo, type SentimentGrid } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAssetPicks, useSaveAssetPicks } from '../api/compass-api.ts';

const moment = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * A plan with an asset limit (DESIGN.md decision 37): the subscriber picks which assets the
 * compass shows. Until the first pick the first ones in grid order are shown. Replacing or
 * removing a picked asset is possible once per 24 hours (the server refuses sooner and says
 * when); adding to a free place is possible at any time.
 */
export function AssetPickerCard({ grid }: { grid: SentimentGrid }) {
  const picks = useAssetPicks(true);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="asset-picker-title">
      <Title order={2} size="h4" id="asset-picker-title" mb="xs">
        Your assets
      </Title>
      {picks.isPending && <Skeleton h={80} />}
      {picks.isError && <LoadError message={picks.error.message} onRetry={() => void picks.refetch()} />}
      {picks.data && picks.data.asset_limit !== null && <Picker key={picks.data.picked_asset_ids.join()} picks={picks.data} limit={picks.data.asset_limit} grid={grid} access={grid.access} />}
    </Card>
  );
}

function Picker({ picks, limit, grid, access }: { picks: AssetPicks; limit: number; grid: SentimentGrid; access: CompassAccessInfo }) {
  const [draft, setDraft] = useState<string[]>(picks.picked_asset_ids);
  const save = useSaveAssetPicks();
  const planName = access.plan_id ? getPlan(access.plan_id).name : 'Your';
  const nextChange = picks.next_change_at ? new Date(picks.next_change_at) : null;
  const full = draft.length >= limit;
  const unchanged = sameSet(draft, picks.picked_asset_ids);
  // A pick made under a larger plan (decision 064): the user chooses which of all their picks to keep, at any time.
  const beyond = picks.beyond_limit_asset_ids;
  const choosingToKeep = beyond.length > 0;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Your {planName} plan shows {limit} assets.{' '}
        {choosingToKeep
          ? `You picked ${limit + beyond.length} under your previous plan: choose the ${limit} to keep. Until you do, the first ${limit} stay.`
          : picks.chosen
            ? 'These are the ones you picked; the others stay locked.'
            : `Until you pick, the first ${limit} are shown. Pick the ${limit} you want to follow.`}
      </Text>
      <Chip.Group multiple value={draft} onChange={(value) => setDraft(value.slice(0, limit))}>
        <Group gap="xs" role="group" aria-label={`Assets, ${draft.length} of ${limit} picked`}>
          {grid.assets.map((asset) => {
            const checked = draft.includes(asset.id);
            // Within 24 hours of a change a picked asset stays (the server would refuse its removal).
            const keep = nextChange !== null && !choosingToKeep && picks.picked_asset_ids.includes(asset.id);
            return (
              <Chip key={asset.id} value={asset.id} size="sm" disabled={(!checked && full) || (checked && keep)}>
                {asset.symbol}
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed">
          {draft.length} of {limit} picked{full && nextChange === null ? ' (uncheck one to choose another)' : ''} ·{' '}
          {nextChange
            ? `You can replace a picked asset from ${moment.format(nextChange)}; adding one to a free place is possible now.`
            : 'You can change your pick now; after a change, the next one is possible 24 hours later.'}
        </Text>
        <Button size="sm" onClick={() => save.mutate(draft)} loading={save.isPending} disabled={unchanged || draft.length === 0}>
          Save my assets
        </Button>
      </Group>
      {save.isError && (
        <Alert color="red" role="alert">
          {save.error.message}
        </Alert>
      )}
    </Stack>
  );
}
