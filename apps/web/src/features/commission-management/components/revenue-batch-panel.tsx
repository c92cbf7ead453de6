import { Alert, Badge, Button, Card, Checkbox, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDollarsAndCents, UNALLOCATED_EXPLANATION, type ProcessRevenueBatchResponse } from '@myeai/domain';
import { useProcessRevenueBatch } from '../api/commission-management-api.ts';

const STATUS: Record<ProcessRevenueBatchResponse['lines'][number]['status'], { label: string; color: string }> = {
  dry_run: { label: 'Ready', color: 'blue.8' },
  processed: { label: 'Processed', color: 'teal.9' },
  already_processed: { label: 'Already processed', color: 'gray.7' },
  error: { label: 'Error', color: 'red.9' },
};

const money = (cents: number | null) => (cents === null ? '—' : formatDollarsAndCents(cents));

/**
 * A file of revenue lines (cell, amount, source, reference, description): previewed first (what
 * each line would do, nothing written), then processed line by line with a per-line report.
 */
export function RevenueBatchPanel() {
  const batch = useProcessRevenueBatch();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<ProcessRevenueBatchResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Lines on a cell with no member are refused unless the admin books them all as unallocated (decision 066).
  const [bookUnallocated, setBookUnallocated] = useState(false);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setError(null);
    setCsv(null);
    if (chosen) void chosen.text().then(setCsv, () => setError('The file could not be read.'));
  };
  const send = (dryRun: boolean) => {
    if (csv === null) return;
    setError(null);
    batch.mutate({ csv, dry_run: dryRun, book_unallocated: bookUnallocated }, { onSuccess: setReport, onError: (failure) => setError(failure.message) });
  };
  const previewed = report?.dry_run === true;
  const ready = report?.counts.dry_run ?? 0;

  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4">
        Revenue file
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A CSV with the columns cell, amount, source, reference, description (amount in dollars). Preview it first; nothing is written until you process it. Lines already processed are not paid again.
      </Text>
      <Stack gap="sm">
        <FileInput label="CSV file" accept=".csv,text/csv" clearable clearButtonProps={{ 'aria-label': 'Clear file' }} value={file} onChange={choose} />
        <Checkbox
          label="Book all as unallocated on cells with no member"
          description="Without this, a line on a cell with no member is refused: nobody would be paid and its whole revenue would be unallocated."
          checked={bookUnallocated}
          onChange={(event) => {
            setBookUnallocated(event.currentTarget.checked);
            setReport(null);
          }}
        />
        <Group gap="sm">
          <Button variant="default" onClick={() => send(true)} disabled={csv === null} loading={batch.isPending && batch.variables?.dry_run === true}>
            Preview
          </Button>
          <Button onClick={() => send(false)} disabled={!previewed || ready === 0} loading={batch.isPending && batch.variables?.dry_run === false}>
            Process {ready > 0 ? `${ready} ${ready === 1 ? 'line' : 'lines'}` : 'lines'}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {report && (
          <Stack gap="xs">
            <Text size="sm" role="status">
              {report.dry_run ? 'Preview, nothing written: ' : 'Processed: '}
              {(['dry_run', 'processed', 'already_processed', 'error'] as const)
                .filter((status) => (report.counts[status] ?? 0) > 0)
                .map((status) => `${report.counts[status]} ${STATUS[status].label.toLowerCase()}`)
                .join(', ')}
            </Text>
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder aria-label={report.dry_run ? 'Revenue file preview' : 'Revenue file report'}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Row</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Message</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Paid</Table.Th>
                    <Table.Th ta="right">Unallocated</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.lines.map((line) => (
                    <Table.Tr key={line.row}>
                      <Table.Td>{line.row}</Table.Td>
                      <Table.Td>{line.reference ?? '—'}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS[line.status].color} variant="filled">
                          {STATUS[line.status].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{line.message}</Table.Td>
                      <Table.Td ta="right">{money(line.amount_cents)}</Table.Td>
                      <Table.Td ta="right">{money(line.paid_cents)}</Table.Td>
                      <Table.Td ta="right">{money(line.unallocated_cents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {report.lines.some((line) => (line.unallocated_cents ?? 0) > 0) && (
              <Text size="xs" c="dimmed">
                {UNALLOCATED_EXPLANATION}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
