import { Button, Group, Paper, Text } from '@mantine/core';
import { useIsOutdated } from '../../lib/app-version.ts';

/**
 * "A new version is available — Reload", once this tab is known to run an older build than the
 * server's (lib/app-version.ts). It sits in the page's flow, above the content: it covers nothing.
 */
export function NewVersionNotice() {
  const isOutdated = useIsOutdated();
  return (
    <div role="status" aria-live="polite">
      {isOutdated && (
        <Paper withBorder radius="md" p="sm" mb="md" bg="blue.0" data-new-version>
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={500}>
              A new version of MYEAI is available.
            </Text>
            <Button size="xs" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
