import { Alert, Badge, Button, Card, Group, NumberInput, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title, useMatches } from '@mantine/core';
import { useState } from 'react';
import { ASSET_CLASSES, NEUTRAL_BAND_MAX_BPS, NEUTRAL_BAND_MIN_BPS, type AssetClass, type NeutralBands } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useNeutralBands, useProviderState, useSaveNeutralBands } from '../api/market-data-api.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
const at = (iso: string | null) => (iso === null ? 'Never' : dateTime.format(new Date(iso)));
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };
const PROVIDER_NAMES: Record<string, string> = { none: 'None (CSV import only)', binance: 'Binance public klines' };
const CLASS_LABELS: Record<AssetClass, string> = { forex: 'Forex', crypto: 'Crypto', indices: 'Indices', commodities: 'Commodities', stocks: 'Stocks' };

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The configured provider and its polls (decision 071). */
export function ProviderCard() {
  const state = useProviderState();
  const data = state.data;
  const skipped = data?.assets.filter((asset) => asset.provider_symbol === null) ?? [];
  const priced = data?.assets.filter((asset) => asset.provider_symbol !== null) ?? [];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="market-provider-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="market-provider-title">
            Price provider
          </Title>
          <Text size="sm" c="dimmed">
            Set by the server's MARKET_DATA_PROVIDER. The job queue polls it every 5 minutes from each asset's last stored candle; when it fails nothing is stored, the next poll waits longer (up to an hour) and calls keep awaiting prices.
          </Text>
        </div>
        {state.isError ? (
          <LoadError message="Failed to load the provider's state" onRetry={() => void state.refetch()} />
        ) : !data ? (
          <Skeleton height={80} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <Fact label="Provider" value={PROVIDER_NAMES[data.provider] ?? data.provider} testId="provider-name" />
              <Fact label="Last poll" value={at(data.last_poll_at)} testId="provider-last-poll" />
              <Fact label="Last success" value={at(data.last_success_at)} testId="provider-last-success" />
              <Fact label="Failed polls in a row" value={String(data.consecutive_failures)} testId="provider-failures" />
            </SimpleGrid>
            {data.consecutive_failures > 0 && (
              <Alert color={data.consecutive_failures >= data.alert_after ? 'red' : 'yellow'} title="The provider is failing" role="status" styles={READABLE_TITLE}>
                {data.last_error} {data.next_poll_at ? `Next try: ${at(data.next_poll_at)}.` : ''} Admins are notified after {plural(data.alert_after, 'failed poll')} in a row.
              </Alert>
            )}
            {data.provider !== 'none' && (
              <Text size="sm" data-testid="provider-assets">
                Prices {priced.length === 0 ? 'no catalogue asset' : priced.map((asset) => `${asset.symbol} (${asset.provider_symbol})`).join(', ')}.
                {skipped.length > 0 && ` Skipped, as ${PROVIDER_NAMES[data.provider] ?? data.provider} cannot price them: ${skipped.map((asset) => asset.symbol).join(', ')}.`}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

type Band = NeutralBands['bands'][number];

/** The neutral bands of one asset class, editable; saving re-scores the calls and votes scored with the old band. */
export function BandsCard() {
  const bands = useNeutralBands();
  const save = useSaveNeutralBands();
  const [assetClass, setAssetClass] = useState<AssetClass>('forex');
  const classOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const [edits, setEdits] = useState<Record<string, number | string>>({});
  const [saved, setSaved] = useState<NeutralBands['rescored'] | null>(null);

  const rows = bands.data?.bands.filter((band) => band.asset_class === assetClass) ?? [];
  const valueOf = (band: Band) => edits[band.timeframe.id] ?? band.band_bps;
  const changed = rows.filter((band) => {
    const value = valueOf(band);
    return typeof value === 'number' && value !== band.band_bps;
  });
  const invalid = rows.some((band) => {
    const value = valueOf(band);
    return typeof value !== 'number' || !Number.isInteger(value) || value < NEUTRAL_BAND_MIN_BPS || value > NEUTRAL_BAND_MAX_BPS;
  });
  const failure = save.error instanceof ApiError ? save.error : save.error ? new ApiError(0, 'INTERNAL', save.error.message) : null;

  const columns: readonly DataColumn<Band>[] = [
    { key: 'timeframe', header: 'Timeframe', th: { scope: 'col' }, rowHeader: true, cell: (band) => band.timeframe.label },
    { key: 'default', header: 'Default', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (band) => `${band.default_bps} bps` },
    {
      key: 'band',
      header: 'Band (bps)',
      th: { scope: 'col' },
      cell: (band) => (
        <NumberInput
          aria-label={`${CLASS_LABELS[band.asset_class]} ${band.timeframe.label} band (bps)`}
          value={valueOf(band)}
          min={NEUTRAL_BAND_MIN_BPS}
          max={NEUTRAL_BAND_MAX_BPS}
          allowDecimal={false}
          allowNegative={false}
          w={120}
          onChange={(value) => {
            setSaved(null);
            setEdits((current) => ({ ...current, [band.timeframe.id]: value }));
          }}
        />
      ),
    },
    { key: 'set', header: 'Set by', th: { scope: 'col' }, cell: (band) => (band.custom ? <Badge variant="light">Admin</Badge> : <Text size="sm" c="dimmed" span>Default</Text>) },
  ];

  const doSave = () =>
    save.mutate(
      { bands: changed.map((band) => ({ asset_class: band.asset_class, timeframe_id: band.timeframe.id, band_bps: valueOf(band) as number })) },
      {
        onSuccess: (result) => {
          setEdits({});
          setSaved(result.rescored);
        },
      },
    );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="neutral-bands-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="neutral-bands-title">
            Neutral bands
          </Title>
          <Text size="sm" c="dimmed">
            A move within the band (either way, edges included) is a neutral market: a neutral call hits, long and short calls miss. The default is a quarter of the asset class's typical move over the timeframe. Changing a band scores again the calls and votes already scored with the old one; setting the default again removes yours.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Asset class"
          value={assetClass}
          onChange={(value) => {
            setAssetClass(value as AssetClass);
            setEdits({});
          }}
          data={ASSET_CLASSES.map((value) => ({ value, label: CLASS_LABELS[value] }))}
          // Five classes do not fit a phone's width side by side: stacked there, no sideways scroll.
          orientation={classOrientation}
          style={{ alignSelf: 'flex-start' }}
        />
        {bands.isError ? (
          <LoadError message="Failed to load the bands" onRetry={() => void bands.refetch()} />
        ) : !bands.data ? (
          <Skeleton height={200} />
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={(band) => band.timeframe.id}
            rowProps={(band) => ({ 'data-timeframe': band.timeframe.code })}
            scroll={{ minWidth: 420, type: 'native' }}
            table={{ verticalSpacing: 'xs', 'aria-label': `${CLASS_LABELS[assetClass]} neutral bands` }}
          />
        )}
        <Group>
          <Button onClick={doSave} disabled={changed.length === 0 || invalid} loading={save.isPending}>
            {changed.length === 0 ? 'No changes' : `Save ${plural(changed.length, 'band')}`}
          </Button>
          {invalid && (
            <Text size="sm" c="dimmed">
              A band is a whole number from {NEUTRAL_BAND_MIN_BPS} to {NEUTRAL_BAND_MAX_BPS} bps.
            </Text>
          )}
        </Group>
        {failure && (
          <Alert color="red" title="The bands were not saved" role="alert" styles={READABLE_TITLE}>
            {failure.message}
          </Alert>
        )}
        {saved && (
          <Alert color="green" title="Bands saved" role="status" data-testid="bands-result" styles={READABLE_TITLE}>
            {plural(saved.windows, 'call')} and {plural(saved.votes, 'vote')} scored again.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
