import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useLearningHub } from '../api/learning-api.ts';

/**
 * The Opportunity Engine's Marketing Resources (issue 20 item 5): the learning collections that
 * hold modules, each opening the hub filtered to it; none when no collection holds a module.
 */
export function MarketingResources() {
  const hub = useLearningHub({});
  if (hub.isError) return <LoadError message={hub.error.message} onRetry={() => void hub.refetch()} />;
  const collections = hub.data?.collections ?? [];
  if (collections.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Marketing Resources">
      <Title order={2} size="h4">
        Marketing Resources
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {collections.map((c) => (
          <UnstyledButton key={c.collection} component={Link} to={`/learning?collection=${c.collection}`}>
            <Card withBorder radius="md" padding="md">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color="teal" size="lg" aria-hidden>
                  <IconFolder size={20} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{c.label}</Text>
                  <Text size="xs" c="dimmed">
                    {c.count} {c.count === 1 ? 'item' : 'items'}
                  </Text>
                </div>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
