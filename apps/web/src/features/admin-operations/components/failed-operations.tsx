import { Button, Code, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Job } from '@myeai/domain';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useFailedJobs, useRetryJob } from '../api/operations-api.ts';
import { formatDateTime } from '../format-time.ts';
import { LoadMore } from './load-more.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

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
  if (jobs.isError) return <LoadError message={jobs.error.message} onRetry={() => void jobs.refetch()} />;
  if (jobs.isPending) return <TableSkeleton label="Loading failed operations" />;
  const items = jobs.data.pages.flatMap((page) => page.items);
  return (
    <>
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
      <LoadMore hasNextPage={jobs.hasNextPage} isFetchingNextPage={jobs.isFetchingNextPage} onLoadMore={() => void jobs.fetchNextPage()} />
    </>
  );
}
