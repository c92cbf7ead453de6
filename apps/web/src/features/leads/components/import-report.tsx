import { Alert, Badge, Box, Button, Group, List, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { toCsv, UTF8_BOM, type ImportCsvResponse, type ImportRowStatus } from '@myeai/domain';
import { saveCsvText } from '../api/leads-csv-api.ts';

const STATUS_LABELS: Record<ImportRowStatus, { label: string; color: string }> = {
  created: { label: 'Created', color: 'green' },
  updated: { label: 'Updated', color: 'blue' },
  skipped_invalid: { label: 'Invalid', color: 'red' },
  skipped_duplicate: { label: 'Duplicate', color: 'grape' },
};

/** The rows not imported as a CSV the user can fix and import again: their cells plus a Reason column. */
function downloadRejected(result: ImportCsvResponse) {
  const rejected = result.rows.filter((row) => row.status === 'skipped_invalid' || row.status === 'skipped_duplicate');
  const width = Math.max(result.headers.length, ...rejected.map((row) => row.values?.length ?? 0));
  const header = [...result.headers, ...Array.from({ length: width - result.headers.length }, () => '')];
  const lines = rejected.map((row) => {
    const cells = row.values ?? [];
    return [...Array.from({ length: width }, (_, i) => cells[i] ?? ''), `Row ${row.row}: ${row.reason ?? ''}`];
  });
  saveCsvText(UTF8_BOM + toCsv([[...header, 'Reason'], ...lines]), 'leads_rejected_rows.csv');
}

/** The outcome of an import: the message, the counts and every row that was not created. */
export function ImportReport({ result }: { result: ImportCsvResponse }) {
  const { created, updated, skipped_invalid: invalid, skipped_duplicates: duplicates } = result.results;
  const problems = result.rows.filter((row) => row.status !== 'created');
  const rejected = invalid + duplicates;
  return (
    <>
      <Alert color={rejected > 0 ? 'blue' : 'green'} title={result.message} role="status">
        <List size="sm" spacing={2}>
          <List.Item>{created} created</List.Item>
          {updated > 0 && <List.Item>{updated} existing leads updated</List.Item>}
          <List.Item>{invalid} skipped as invalid</List.Item>
          <List.Item>{duplicates} skipped as duplicate e-mails</List.Item>
        </List>
      </Alert>
      {problems.length > 0 && (
        <>
          <Group justify="space-between" mt="sm">
            <Text fw={600} size="sm" id="import-report-title">
              Row report
            </Text>
            {rejected > 0 && (
              <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} onClick={() => downloadRejected(result)}>
                Download rejected rows
              </Button>
            )}
          </Group>
          <Box tabIndex={0} role="region" aria-labelledby="import-report-title" style={{ maxHeight: 260, overflow: 'auto' }}>
            <Table fz="sm" miw={420} aria-labelledby="import-report-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {problems.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>
                      {/* The label's own overflow would let a long reason squeeze the badge to "INVA…". */}
                      <Badge variant="light" color={STATUS_LABELS[row.status].color} styles={{ label: { overflow: 'visible' } }}>
                        {STATUS_LABELS[row.status].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </>
      )}
    </>
  );
}
