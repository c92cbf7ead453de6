import { Button, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Job } from '@myeai/domain';
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
  if (items.length === 0) return <Text c="dimmed">No failed operations</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" aria-label="Failed operations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Operation</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Last error</Table.Th>
              <Table.Th>Failed at</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>
                  <Code>{job.name}</Code>
                  <Text size="xs" c="dimmed">
                    Job {job.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {job.attempts} of {job.max_attempts}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                    {job.last_error ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(job.finished_at ?? job.run_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RetryButton job={job} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore hasNextPage={jobs.hasNextPage} isFetchingNextPage={jobs.isFetchingNextPage} onLoadMore={() => void jobs.fetchNextPage()} />
    </>
  );
}
