import { Alert, Anchor, Button, Checkbox, FileInput, Group, Modal, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import {
  autoMapCsvHeaders,
  CSV_IMPORT_MAX_BYTES,
  CSV_MESSAGES,
  DEFAULT_IMPORT_STAGE,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  planCsvColumns,
  previewCsv,
  type CsvColumnTarget,
  type CsvPreview,
  type ImportCsvResponse,
  type LeadStage,
} from '@myeai/domain';
import { useRefreshLeadsAfterImport } from '../api/leads-api.ts';
import { uploadLeadCsv } from '../api/leads-csv-api.ts';
import { ImportMapping, ImportPreview } from './import-mapping.tsx';
import { ImportReport } from './import-report.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

const PREVIEW_ROWS = 5;
const STAGE_OPTIONS = LEAD_STAGES.map((stage) => ({ value: stage, label: LEAD_STAGE_LABELS[stage] }));

type Phase = { kind: 'choose' } | { kind: 'uploading'; percent: number } | { kind: 'processing' } | { kind: 'done'; result: ImportCsvResponse };

type ImportCsvModalProps = { opened: boolean; onClose: () => void; onDownloadTemplate: () => void };

export function ImportCsvModal({ opened, onClose, onDownloadTemplate }: ImportCsvModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import leads from CSV" size="xl" centered>
      {opened && <ImportCsv onClose={onClose} onDownloadTemplate={onDownloadTemplate} />}
    </Modal>
  );
}

/** The toast of spec 2 section 8: the server's message plus the skipped counts. */
function resultToast(result: ImportCsvResponse): string {
  const { updated, skipped_invalid: invalid, skipped_duplicates: duplicates } = result.results;
  const parts = [result.message];
  if (updated > 0) parts.push(`${updated} updated.`);
  if (invalid > 0) parts.push(`${invalid} invalid ${invalid === 1 ? 'row' : 'rows'} skipped.`);
  if (duplicates > 0) parts.push(`${duplicates} ${duplicates === 1 ? 'duplicate' : 'duplicates'} skipped.`);
  return parts.join(' ');
}

/**
 * Choose a file (checked here first: .csv, at most 2 MB), preview its first rows, map its
 * columns, upload with progress, then read the server's per-row report.
 */
function ImportCsv({ onClose, onDownloadTemplate }: { onClose: () => void; onDownloadTemplate: () => void }) {
  const refreshLeads = useRefreshLeadsAfterImport();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, CsvColumnTarget>>({});
  const [updateExisting, setUpdateExisting] = useState(false);
  const [defaultStage, setDefaultStage] = useState<LeadStage>(DEFAULT_IMPORT_STAGE);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [importError, setImportError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setFileError(null);
    setPreview(null);
    setMapping({});
    setImportError(null);
    setPhase({ kind: 'choose' });
  };

  const onFile = async (chosen: File | null) => {
    reset();
    if (!chosen) return;
    if (!/\.csv$/i.test(chosen.name)) return setFileError(CSV_MESSAGES.notCsv);
    if (chosen.size > CSV_IMPORT_MAX_BYTES) return setFileError(CSV_MESSAGES.tooLarge);
    setFile(chosen);
    const read = previewCsv(await chosen.text(), PREVIEW_ROWS);
    setPreview(read);
    if (read.ok) setMapping(autoMapCsvHeaders(read.headers));
  };

  const plan = preview?.ok ? planCsvColumns(preview.headers, mapping) : null;

  const onImport = () => {
    if (!file) return setFileError(CSV_MESSAGES.noFile);
    if (plan && !plan.ok) return;
    setImportError(null);
    setPhase({ kind: 'uploading', percent: 0 });
    const options = { mapping: preview?.ok ? mapping : undefined, on_duplicate: updateExisting ? ('update' as const) : ('skip' as const), default_stage: defaultStage };
    uploadLeadCsv(file, options, ({ loaded, total }) => {
      const percent = Math.round((loaded / total) * 100);
      setPhase(percent >= 100 ? { kind: 'processing' } : { kind: 'uploading', percent });
    }).then(
      async (result) => {
        setPhase({ kind: 'done', result });
        notifications.show({ color: 'green', title: 'Import completed', message: resultToast(result) });
        await refreshLeads();
      },
      (error: Error) => {
        setPhase({ kind: 'choose' });
        setImportError(error.message ? `Import failed: ${error.message}` : CSV_MESSAGES.importFailed);
      },
    );
  };

  if (phase.kind === 'done') {
    return (
      <Stack>
        <ImportReport result={phase.result} />
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
            Import another file
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  const isBusy = phase.kind !== 'choose';
  return (
    <Stack gap="md">
      <Text size="sm">
        Columns <strong>Name</strong> and <strong>Email</strong> are required; Phone, Company, Source, Value (in dollars), Notes and Stage are optional. At most
        1,000 leads and 2 MB per file.{' '}
        <Anchor component="button" type="button" size="sm" onClick={onDownloadTemplate}>
          Download template
        </Anchor>
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a .csv file"
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept=".csv,text/csv"
        value={file}
        onChange={(chosen) => void onFile(chosen)}
        error={fileError}
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        disabled={isBusy}
      />
      {preview && !preview.ok && (
        <Alert color="yellow" title="This file could not be previewed">
          {preview.message} You can still import it: the server reads it and reports what it finds.
        </Alert>
      )}
      {preview?.ok && (
        <>
          <div>
            <Title order={3} size="h5" mb={4}>
              Preview
            </Title>
            <ImportPreview headers={preview.headers} rows={preview.rows} hasMore={preview.hasMore} />
          </div>
          <div>
            <Title order={3} size="h5" mb={4}>
              Columns
            </Title>
            <ImportMapping headers={preview.headers} rows={preview.rows} mapping={mapping} onChange={(header, target) => setMapping((m) => ({ ...m, [header]: target }))} />
            {plan && !plan.ok && (
              <Text c="red.8" size="sm" mt="xs" role="alert">
                {plan.message}
              </Text>
            )}
          </div>
        </>
      )}
      {file && (
        <Group align="flex-end" gap="lg">
          <Checkbox label="Update existing leads with the same e-mail" checked={updateExisting} onChange={(event) => setUpdateExisting(event.currentTarget.checked)} disabled={isBusy} />
          <Select
            label="Stage for rows without a stage"
            data={STAGE_OPTIONS}
            value={defaultStage}
            onChange={(value) => value && setDefaultStage(value as LeadStage)}
            allowDeselect={false}
            size="xs"
            w={220}
            disabled={isBusy}
          />
        </Group>
      )}
      {phase.kind === 'uploading' && <Progress value={phase.percent} size="lg" animated aria-label={`Uploading: ${phase.percent}%`} />}
      {phase.kind === 'uploading' && (
        <Text size="sm" aria-live="polite">
          Uploading… {phase.percent}%
        </Text>
      )}
      {phase.kind === 'processing' && (
        <>
          <Progress value={100} size="lg" striped animated aria-label="Importing" />
          <Text size="sm" aria-live="polite">
            Importing… checking every row
          </Text>
        </>
      )}
      {importError && (
        <Alert color="red" role="alert">
          {importError}
        </Alert>
      )}
      <FormActions saving={isBusy} onCancel={onClose} cancelDisabled={isBusy} onConfirm={onImport} disabled={Boolean(fileError) || (plan !== null && !plan.ok)}>
        Import
      </FormActions>
    </Stack>
  );
}
