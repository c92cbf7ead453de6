import { Button, Code, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Job } from '@myeai/domain';
import { useFailedJobs, useRetryJob } from '../api/operations-api.ts';
import { DateTimeCell, PagedTable } from './paged-table.tsx';

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
    <PagedTable
      query={jobs}
      loadingLabel="Loading failed operations"
      label="Failed operations"
      empty="No failed operations"
      minWidth={720}
      rowKey={(job) => job.id}
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
        { key: 'failed', header: 'Failed at', cell: (job) => <DateTimeCell iso={job.finished_at ?? job.run_at} /> },
        { key: 'actions', header: <VisuallyHidden>Actions</VisuallyHidden>, cell: (job) => <RetryButton job={job} /> },
      ]}
    />
  );
}
