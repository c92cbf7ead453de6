import { Alert, Button, Card, FileInput, Group, Radio, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { PRICE_CSV_COLUMNS, PRICE_IMPORT_MAX_CHARS, type PriceCoverage, type PriceImportResponse, type UserProfile } from '@myeai/domain';
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePriceCoverage, usePriceImport } from '../api/market-data-api.ts';
import { BandsCard, ProviderCard } from './provider-and-bands.tsx';

const HEADER = PRICE_CSV_COLUMNS.join(',');
const EXAMPLE = `${HEADER}\nBTC/USD,2026-11-20T10:00:00Z,64200.5,64410,64150.25,64380.75`;

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
const at = (iso: string | null) => (iso === null ? '–' : dateTime.format(new Date(iso)));
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The alerts' titles in the text colour: the light colours' titles fail the contrast check. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

type OnErrors = 'import_valid_rows' | 'import_nothing';
type Problem = PriceImportResponse['errors'][number];
type Change = PriceImportResponse['changes'][number];
type CoverageRow = PriceCoverage['assets'][number];

const PROBLEM_COLUMNS: readonly DataColumn<Problem>[] = [
  { key: 'line', header: 'Line', th: { scope: 'col' }, rowHeader: true, cell: (problem) => problem.line },
  { key: 'message', header: 'Problem', th: { scope: 'col' }, cell: (problem) => problem.message },
];

const CHANGE_COLUMNS: readonly DataColumn<Change>[] = [
  { key: 'line', header: 'Line', th: { scope: 'col' }, rowHeader: true, cell: (change) => change.line },
  { key: 'asset', header: 'Asset', th: { scope: 'col' }, cell: (change) => change.asset },
  { key: 'time', header: 'Time', th: { scope: 'col' }, td: { style: { whiteSpace: 'nowrap' } }, cell: (change) => at(change.time) },
  { key: 'old', header: 'Stored close', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (change) => change.old_close },
  { key: 'new', header: 'Close in the file', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (change) => change.new_close },
];

const COVERAGE_COLUMNS: readonly DataColumn<CoverageRow>[] = [
  {
    key: 'asset',
    header: 'Asset',
    th: { scope: 'col' },
    rowHeader: true,
    cell: (row) => (
      <>
        <Text size="sm" fw={600} span>
          {row.asset.symbol}
        </Text>
        <Text size="xs" c="dimmed">
          {row.asset.name}
        </Text>
      </>
    ),
  },
  { key: 'class', header: 'Class', th: { scope: 'col' }, cell: (row) => <Text size="sm" span tt="capitalize">{row.asset.asset_class}</Text> },
  { key: 'candles', header: 'Candles', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (row) => row.candles.toLocaleString('en-US') },
  { key: 'from', header: 'First', th: { scope: 'col' }, td: { style: { whiteSpace: 'nowrap' } }, cell: (row) => at(row.first_time) },
  { key: 'to', header: 'Last', th: { scope: 'col' }, td: { style: { whiteSpace: 'nowrap' } }, cell: (row) => at(row.last_time) },
  { key: 'sources', header: 'Sources', th: { scope: 'col' }, cell: (row) => (row.sources.length === 0 ? 'None' : row.sources.join(', ')) },
  { key: 'scored', header: 'Scored calls', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (row) => row.scored_calls },
  { key: 'awaiting', header: 'Awaiting prices', th: { scope: 'col', ta: 'right' }, td: { ta: 'right' }, cell: (row) => row.awaiting_calls },
];

/** The preview's counts, the bad rows by line, and the stored candles the file would change. */
function PreviewReport({ preview }: { preview: PriceImportResponse }) {
  const { counts } = preview;
  return (
    <Stack gap="sm" data-testid="price-import-preview">
      <Text size="sm">
        {plural(preview.rows_read, 'row')} read: {counts.new} new, {counts.changed} changed, {counts.unchanged} unchanged, {counts.invalid} with errors, {counts.duplicate} repeated.
      </Text>
      {preview.errors.length > 0 && (
        <>
          <Title order={3} size="h5">
            Rows with errors
          </Title>
          <DataTable columns={PROBLEM_COLUMNS} rows={preview.errors} rowKey={(problem) => `${problem.line}-${problem.message}`} scroll={{ minWidth: 320 }} table={{ striped: true, 'aria-label': 'Rows with errors' }} />
        </>
      )}
      {preview.duplicates.length > 0 && (
        <>
          <Title order={3} size="h5">
            Repeated rows (read once)
          </Title>
          <DataTable columns={PROBLEM_COLUMNS} rows={preview.duplicates} rowKey={(problem) => `${problem.line}-${problem.message}`} scroll={{ minWidth: 320 }} table={{ striped: true, 'aria-label': 'Repeated rows' }} />
        </>
      )}
      {preview.changes.length > 0 && (
        <>
          <Title order={3} size="h5">
            Stored prices this file corrects
          </Title>
          <Text size="xs" c="dimmed">
            A corrected price is audited and re-scores the calls it touches.{counts.changed > preview.changes.length ? ` The first ${preview.changes.length} of ${counts.changed} are listed.` : ''}
          </Text>
          <DataTable columns={CHANGE_COLUMNS} rows={preview.changes} rowKey={(change) => `${change.line}`} scroll={{ minWidth: 560 }} table={{ striped: true, 'aria-label': 'Corrected prices' }} />
        </>
      )}
    </Stack>
  );
}

/** Upload or paste a candle CSV, preview it, choose what to do with bad rows, and import. */
function ImportCard() {
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<PriceImportResponse | null>(null);
  const [committed, setCommitted] = useState<PriceImportResponse | null>(null);
  const [onErrors, setOnErrors] = useState<OnErrors>('import_nothing');
  const run = usePriceImport();

  const changeCsv = (text: string) => {
    setCsv(text);
    setPreview(null);
    setCommitted(null);
    run.reset();
  };
  const onFile = async (file: File | null) => {
    setFileError(null);
    if (!file) return changeCsv('');
    if (file.size > PRICE_IMPORT_MAX_CHARS) return setFileError('The file is too large: split it into files of at most 8 MB.');
    changeCsv(await file.text());
  };
  const doPreview = () => run.mutate({ csv, mode: 'preview', on_errors: onErrors }, { onSuccess: (result) => setPreview(result) });
  const doCommit = () =>
    run.mutate(
      { csv, mode: 'commit', on_errors: onErrors },
      {
        onSuccess: (result) => {
          setCommitted(result);
          setPreview(null);
        },
      },
    );

  const errors = preview?.counts.invalid ?? 0;
  const toWrite = preview ? preview.counts.new + preview.counts.changed : 0;
  const blocked = errors > 0 && onErrors === 'import_nothing';
  const failure = run.error instanceof ApiError ? run.error : run.error ? new ApiError(0, 'INTERNAL', run.error.message) : null;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="price-import-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="price-import-title">
            Import candles
          </Title>
          <Text size="sm" c="dimmed">
            A CSV with the header <code>{HEADER}</code>: the catalogue symbol, an ISO time in UTC (the instant the close applies), prices with at most 8 decimals. Any interval. The same asset and time again replaces the stored candle.
          </Text>
        </div>
        <FileInput label="CSV file" accept=".csv,text/csv" leftSection={<IconFileTypeCsv size={18} aria-hidden />} clearable onChange={(file) => void onFile(file)} error={fileError} />
        <Textarea
          label="Or paste the CSV"
          placeholder={EXAMPLE}
          autosize
          minRows={4}
          maxRows={12}
          value={csv.length > 200_000 ? `${csv.slice(0, 200_000)}\n…` : csv}
          readOnly={csv.length > 200_000}
          onChange={(event) => changeCsv(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
        />
        <Group>
          <Button variant="default" onClick={doPreview} disabled={csv.trim() === ''} loading={run.isPending && run.variables?.mode === 'preview'}>
            Preview
          </Button>
        </Group>
        {failure && (
          <Alert color="red" title="The file was not imported" role="alert" styles={READABLE_TITLE}>
            {failure.message}
            {failure.details && failure.details.length > 0 && (
              <ul>
                {failure.details.map((detail) => (
                  <li key={`${detail.path}-${detail.message}`}>
                    {detail.path}: {detail.message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {preview && (
          <>
            <PreviewReport preview={preview} />
            {errors > 0 && (
              <Radio.Group label={`${plural(errors, 'row has', 'rows have')} errors`} value={onErrors} onChange={(value) => setOnErrors(value as OnErrors)}>
                <Stack gap="xs" mt="xs">
                  <Radio value="import_nothing" label="Import nothing; I will fix the file" />
                  <Radio value="import_valid_rows" label={`Import the valid rows and leave out the ${plural(errors, 'row')} with errors`} />
                </Stack>
              </Radio.Group>
            )}
            <Group>
              <Button onClick={doCommit} disabled={blocked || toWrite === 0} loading={run.isPending && run.variables?.mode === 'commit'}>
                {toWrite === 0 ? 'Nothing to import' : `Import ${plural(toWrite, 'candle')}`}
              </Button>
              {blocked && (
                <Text size="sm" c="dimmed">
                  Fix the rows with errors, or choose to import the valid rows.
                </Text>
              )}
            </Group>
          </>
        )}
        {committed && (
          <Alert color="green" title="Prices imported" role="status" data-testid="price-import-result" styles={READABLE_TITLE}>
            {committed.counts.new} new and {committed.counts.changed} corrected {committed.counts.new + committed.counts.changed === 1 ? 'candle' : 'candles'} stored; {plural(committed.rescored.windows, 'call')} and {plural(committed.rescored.votes, 'vote')} scored again.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function CoverageCard() {
  const coverage = usePriceCoverage();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="price-coverage-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="price-coverage-title">
            Price coverage
          </Title>
          <Text size="sm" c="dimmed">
            The stored candles of each catalogue asset. A call is scored once prices exist at its close and one timeframe later; until then it awaits prices.
          </Text>
        </div>
        {coverage.isError ? (
          <LoadError message="Failed to load the price coverage" onRetry={() => void coverage.refetch()} />
        ) : !coverage.data ? (
          <Skeleton height={200} />
        ) : (
          <DataTable
            columns={COVERAGE_COLUMNS}
            rows={coverage.data.assets}
            rowKey={(row) => row.asset.id}
            rowProps={(row) => ({ 'data-asset': row.asset.symbol })}
            empty="The catalogue has no assets yet."
            scroll={{ minWidth: 860, type: 'native', tabIndex: 0, role: 'region', 'aria-label': 'Price coverage per asset' }}
            table={{ striped: true, verticalSpacing: 'xs', 'aria-label': 'Price coverage per asset' }}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * /admin/trading/market-data (issue 32, decision 068): the admin imports candles from a CSV
 * (previewed, the bad rows by line, then imported: the calls the prices touch are scored again)
 * and reads what the store holds per asset; the configured provider's polls and the neutral bands
 * (decision 071).
 */
export function MarketDataPage(_props: { user: UserProfile }) {
  return (
    <Stack gap="lg">
      <PageHeader screen="/admin/trading/market-data" name="Prices" subtitle="Market prices that the consensus's and the traders' calls are scored against." subtitleSize="sm" />
      <ProviderCard />
      <ImportCard />
      <CoverageCard />
      <BandsCard />
    </Stack>
  );
}
