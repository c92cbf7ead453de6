import { Box, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { CSV_IGNORE, LEAD_CSV_FIELD_LABELS, LEAD_CSV_FIELDS, REQUIRED_CSV_FIELDS, type CsvColumnTarget } from '@myeai/domain';

const TARGET_OPTIONS = [
  ...LEAD_CSV_FIELDS.map((field) => ({ value: field, label: `${LEAD_CSV_FIELD_LABELS[field]}${REQUIRED_CSV_FIELDS.includes(field) ? ' (required)' : ''}` })),
  { value: CSV_IGNORE, label: 'Do not import' },
];

type ImportMappingProps = {
  headers: string[];
  rows: string[][];
  mapping: Record<string, CsvColumnTarget>;
  onChange: (header: string, target: CsvColumnTarget) => void;
};

/** Which lead field each column of the file fills (matched by name to start with). */
export function ImportMapping({ headers, rows, mapping, onChange }: ImportMappingProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {headers.map((header, i) => {
        const sample = rows.map((row) => row[i] ?? '').find((cell) => cell.trim() !== '');
        return (
          <Select
            key={`${header}-${i}`}
            label={header.trim() === '' ? `Column ${i + 1} (no name)` : header}
            description={sample ? `e.g. ${sample.length > 40 ? `${sample.slice(0, 40)}…` : sample}` : 'Empty in the first rows'}
            data={TARGET_OPTIONS}
            value={mapping[header] ?? CSV_IGNORE}
            onChange={(value) => value && onChange(header, value as CsvColumnTarget)}
            allowDeselect={false}
            size="xs"
            disabled={header.trim() === ''}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** The first rows as the browser read them. */
export function ImportPreview({ headers, rows, hasMore }: { headers: string[]; rows: string[][]; hasMore: boolean }) {
  return (
    <div>
      <Box tabIndex={0} role="region" aria-label="First rows of the file" style={{ maxHeight: 220, overflow: 'auto' }}>
        <Table striped withTableBorder fz="xs" verticalSpacing={4} miw={Math.max(400, headers.length * 130)}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header, i) => (
                <Table.Th key={i}>{header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              <Table.Tr key={r}>
                {headers.map((_, i) => (
                  <Table.Td key={i} style={{ whiteSpace: 'pre-line' }}>
                    {row[i] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Text size="xs" c="dimmed" mt={4}>
        {rows.length === 0 ? 'No lead rows in the first part of the file.' : `First ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${hasMore ? ' of the file' : ''}.`}
      </Text>
    </div>
  );
}
