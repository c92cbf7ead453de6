import { Button, Card, Container, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileExport, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { LEAD_PAGE_SIZE_DEFAULT, type Lead, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useLeadList } from '../api/leads-api.ts';
import { downloadLeadExport, downloadLeadTemplate } from '../api/leads-csv-api.ts';
import { useLeadFilters } from '../hooks/use-lead-filters.ts';
import { DeleteLeadModal } from './delete-lead-modal.tsx';
import { ImportCsvModal } from './import-csv-modal.tsx';
import { LeadBoard } from './lead-board.tsx';
import { LeadDetailDrawer } from './lead-detail-drawer.tsx';
import { LeadFormModal } from './lead-form-modal.tsx';
import { LeadStatCards } from './lead-stat-cards.tsx';
import { LeadTable } from './lead-table.tsx';
import { LeadToolbar } from './lead-toolbar.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

type Dialog = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; lead: Lead } | { kind: 'import' } | { kind: 'detail'; lead: Lead };

/** /leads and /lead-management: the lead hub of spec 2 (DESIGN.md section 3 item 5). */
export function LeadsPage(_props: { user: UserProfile }) {
  const [filters, setFilters] = useLeadFilters();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [toDelete, setToDelete] = useState<Lead | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const list = useLeadList({ q: filters.q || undefined, stage: filters.stage, sort: filters.sort, dir: filters.dir, page: filters.page, page_size: LEAD_PAGE_SIZE_DEFAULT });

  const onTemplate = () =>
    downloadLeadTemplate().catch((error: Error) => notifications.show({ color: 'red', title: 'Failed to download template. Please try again.', message: error.message }));
  const onExport = () => {
    setIsExporting(true);
    downloadLeadExport({ q: filters.q || undefined, stage: filters.stage, sort: filters.sort, dir: filters.dir })
      .catch((error: Error) => notifications.show({ color: 'red', title: 'Failed to export leads. Please try again.', message: error.message }))
      .finally(() => setIsExporting(false));
  };

  const data = list.data;
  const hasFilters = Boolean(filters.q || filters.stage);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const firstShown = data && data.total > 0 ? (data.page - 1) * data.page_size + 1 : 0;
  const lastShown = data ? Math.min(data.total, data.page * data.page_size) : 0;

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader screen="/lead-management" subtitle="Your leads from first contact to closed deal." gap="sm">
          <Group gap="xs">
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'import' })}>
              Import CSV
            </Button>
            <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={onExport} loading={isExporting} disabled={!data || data.stats.total_leads === 0}>
              Export CSV
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onTemplate}>
              Download template
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
              Add Lead
            </Button>
          </Group>
        </PageHeader>

        {list.isError && !data ? (
          <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <LeadStatCards stats={data?.stats} />
            {data && data.stats.total_leads === 0 && !hasFilters ? (
              <Card withBorder padding="xl">
                <Stack align="center" gap="xs">
                  <Title order={2} size="h3">
                    No leads yet
                  </Title>
                  <Text c="dimmed" ta="center">
                    Add your first lead, or import a CSV file (download the template to see the columns).
                  </Text>
                  <Group mt="sm">
                    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
                      Add First Lead
                    </Button>
                    <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog({ kind: 'import' })}>
                      Import CSV
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ) : (
              <>
                <LeadToolbar filters={filters} onChange={setFilters} />
                {filters.view === 'board' ? (
                  <LeadBoard filter={{ q: filters.q || undefined, stage: filters.stage, sort: filters.sort, dir: filters.dir }} totals={data?.stats.by_stage ?? []} onEdit={(lead) => setDialog({ kind: 'edit', lead })} />
                ) : data && data.items.length === 0 ? (
                  <Card withBorder padding="xl">
                    <Stack align="center" gap="xs">
                      <Text fw={600}>No leads match your search.</Text>
                      <Button variant="default" onClick={() => setFilters({ q: '', stage: undefined })}>
                        Clear filters
                      </Button>
                    </Stack>
                  </Card>
                ) : (
                  <Card withBorder padding={0}>
                    <LeadTable
                      leads={data?.items ?? []}
                      loading={!data}
                      filters={filters}
                      onSort={(sort, dir) => setFilters({ sort, dir })}
                      onOpen={(lead) => setDialog({ kind: 'detail', lead })}
                      onEdit={(lead) => setDialog({ kind: 'edit', lead })}
                      onDelete={setToDelete}
                    />
                  </Card>
                )}
                {filters.view === 'table' && data && data.total > 0 && (
                  <Group justify="space-between" gap="sm">
                    <Text size="sm" c="dimmed" aria-live="polite">
                      Showing {firstShown.toLocaleString('en-US')}–{lastShown.toLocaleString('en-US')} of {data.total.toLocaleString('en-US')}
                    </Text>
                    {pageCount > 1 && (
                      <Pagination
                        total={pageCount}
                        value={filters.page}
                        onChange={(page) => setFilters({ page })}
                        siblings={1}
                        boundaries={1}
                        size="sm"
                        aria-label="Pages"
                        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                        getControlProps={(control) => ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] })}
                      />
                    )}
                  </Group>
                )}
              </>
            )}
          </>
        )}
      </Stack>
      <LeadFormModal opened={dialog.kind === 'add' || dialog.kind === 'edit'} lead={dialog.kind === 'edit' ? dialog.lead : null} onClose={() => setDialog({ kind: 'none' })} />
      <ImportCsvModal opened={dialog.kind === 'import'} onClose={() => setDialog({ kind: 'none' })} onDownloadTemplate={onTemplate} />
      <DeleteLeadModal lead={toDelete} onClose={() => setToDelete(null)} />
      {dialog.kind === 'detail' && (
        <LeadDetailDrawer
          // The lead as the latest page has it, so the drawer shows a stage change made in it.
          lead={data?.items.find((lead) => lead.id === dialog.lead.id) ?? dialog.lead}
          onEdit={(lead) => setDialog({ kind: 'edit', lead })}
          onDelete={(lead) => {
            setDialog({ kind: 'none' });
            setToDelete(lead);
          }}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
    </Container>
  );
}
