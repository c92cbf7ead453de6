import { Button, Code, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Job } from '@myeai/domain';
import { PagedList } from './paged-list.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { useFailedJobs, useRetryJob } from '../api/operations-api.ts';
import { formatDateTime } from '../format-time.ts';

function RetryButton({ job }: { job: Job }) {
  const retry = useRetryJob();
  const onRetry = () =>
    retry.mutate(job.id, {
      onSuccess: () => notifications.show({ color: 'green', message: `"${job.name}" is queued to run again.` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Retry failed', message: error.message }),
    });
  return (
    <Button size="xs" variant="light" onClick={onRetry} loading={retry.isPending} aria-label={`Retry ${job.name} (job ${job.id})`}>
      Retry
    </Button>
  );
}

/** Jobs that used up their attempts; Retry puts one back in the queue for real (audited). */
export function FailedOperations() {
  const jobs = useFailedJobs();
  return (
    <PagedList query={jobs} loadingLabel="Loading failed operations">
      {(items) => (
        <DataTable
          rows={items}
          rowKey={(job) => job.id}
          empty="No failed operations"
          scroll={{ minWidth: 720 }}
          table={{ striped: true, verticalSpacing: 'sm', 'aria-label': 'Failed operations' }}
          columns={[
            {
              key: 'operation',
              header: 'Operation',
              cell: (job) => (
                <>
                  <Code>{job.name}</Code>
                  <Text size="xs" c="dimmed">
                    Job {job.id}
                  </Text>
                </>
              ),
            },
            { key: 'attempts', header: 'Attempts', cell: (job) => `${job.attempts} of ${job.max_attempts}` },
            {
              key: 'error',
              header: 'Last error',
              cell: (job) => (
                <Text size="sm" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                  {job.last_error ?? '—'}
                </Text>
              ),
            },
            {
              key: 'failed',
              header: 'Failed at',
              cell: (job) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(job.finished_at ?? job.run_at)}
                </Text>
              ),
            },
            { key: 'actions', header: <VisuallyHidden>Actions</VisuallyHidden>, cell: (job) => <RetryButton job={job} /> },
          ]}
        />
      )}
    </PagedList>
  );
}
