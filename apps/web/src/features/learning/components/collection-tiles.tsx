import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LearningCollection, LearningHubResponse } from '@myeai/domain';

type Collections = LearningHubResponse['collections'];

/**
 * The learning collections that hold modules, one tile each with its count (issue 20 item 5): in
 * the hub a tile filters the list in place (`onOpen`); elsewhere it links to the hub filtered to it.
 * Nothing is drawn when no collection holds a module (no tile that does nothing).
 */
export function CollectionTiles({ title, collections, onOpen }: { title: string; collections: Collections; onOpen?: (collection: LearningCollection) => void }) {
  if (collections.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {collections.map((c) => {
          const tile = (
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
          );
          return onOpen ? (
            <UnstyledButton key={c.collection} onClick={() => onOpen(c.collection)}>
              {tile}
            </UnstyledButton>
          ) : (
            <UnstyledButton key={c.collection} component={Link} to={`/learning?collection=${c.collection}`}>
              {tile}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
