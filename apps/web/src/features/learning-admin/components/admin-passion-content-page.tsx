import { Alert, Button, Card, Chip, Container, Group, Loader, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LEARNING_COLLECTION_LABELS, LEARNING_COLLECTIONS, type AdminLearningModule } from '@myeai/domain';
import { useAdminLearning } from '../api/learning-admin-api.ts';
import { CategoriesPanel } from './categories-panel.tsx';
import { LearningAnalyticsPanel } from './learning-analytics-panel.tsx';
import { ModuleFormModal } from './module-form-modal.tsx';
import { ModuleList } from './module-list.tsx';

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
}

const ALL = 'all';

/** /admin-passion-content: the learning module admin (spec 2 "Learning module admin"; issue 20 items 4 and 5). Admin only. */
export function AdminPassionContentPage() {
  const list = useAdminLearning();
  const [category, setCategory] = useState<string>(ALL);
  const [tab, setTab] = useState<string>('modules');
  const [searchParams, setSearchParams] = useSearchParams();
  // The hub's "Add Content" comes here with ?new=1: the create dialog opens as the list arrives.
  const [dialog, setDialog] = useState<{ module: AdminLearningModule | null } | null>(() => (searchParams.get('new') === '1' ? { module: null } : null));
  const closeDialog = () => {
    setDialog(null);
    if (searchParams.has('new'))
      setSearchParams(
        (params) => {
          params.delete('new');
          return params;
        },
        { replace: true },
      );
  };

  const header = (
    <Group justify="space-between" wrap="wrap">
      <div>
        <Title order={1} size="h2">
          Learning Content
        </Title>
        <Text c="dimmed" size="sm">
          Modules of the learning hub: create, edit, order and deactivate them; manage categories and resource collections.
        </Text>
      </div>
      <Button onClick={() => setDialog({ module: null })} disabled={!list.data}>
        Add Module
      </Button>
    </Group>
  );

  if (list.isPending)
    return (
      <Container size="xl" py="md">
        <Stack>
          {header}
          <Loader aria-label="Loading modules" />
        </Stack>
      </Container>
    );
  if (list.isError)
    return (
      <Container size="xl" py="md">
        <Stack>
          {header}
          <Alert color="red" title="Could not load the learning modules">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{list.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void list.refetch()}>
                Try Again
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );

  const { modules, categories, stats } = list.data;
  const filtered = category === ALL ? modules : modules.filter((module) => module.category_id === category);
  const collections = LEARNING_COLLECTIONS.map((collection) => ({ collection, modules: modules.filter((module) => module.collection === collection) }));

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        {header}
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          <StatCard label="Total modules" value={stats.total_modules} />
          <StatCard label="Active" value={stats.active_modules} />
          <StatCard label="Inactive" value={stats.inactive_modules} />
          <StatCard label="Categories" value={stats.total_categories} />
          <StatCard label="Learners" value={stats.learners} />
          <StatCard label="Completions" value={stats.completions} />
        </SimpleGrid>
        <Tabs value={tab} onChange={(value) => setTab(value ?? 'modules')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="modules">Modules</Tabs.Tab>
            <Tabs.Tab value="categories">Categories</Tabs.Tab>
            <Tabs.Tab value="collections">Resource collections</Tabs.Tab>
            <Tabs.Tab value="analytics">Analytics</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="modules" pt="md">
            <Stack gap="sm">
              <Chip.Group multiple={false} value={category} onChange={(value) => setCategory(value)}>
                <Group gap="xs" role="group" aria-label="Filter by category">
                  <Chip value={ALL}>All ({modules.length})</Chip>
                  {categories.map((item) => (
                    <Chip key={item.id} value={item.id}>
                      {item.name} ({item.module_count})
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {modules.length === 0 ? (
                <Card withBorder padding="lg">
                  <Stack gap="sm" align="flex-start">
                    <Text>
                      No learning modules yet.{' '}
                      {categories.length === 0 ? 'Every module belongs to a category: add one here, or inside the module form.' : 'Add your first module.'}
                    </Text>
                    <Group gap="xs">
                      <Button onClick={() => setDialog({ module: null })}>Add your first module</Button>
                      {categories.length === 0 && (
                        <Button variant="default" onClick={() => setTab('categories')}>
                          Add a category
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Card>
              ) : filtered.length === 0 ? (
                <Text c="dimmed">No modules in this category.</Text>
              ) : (
                <>
                  <Text size="xs" c="dimmed">
                    {category === ALL ? 'Drag a module, or use its arrow buttons, to change the order learners see.' : 'Show all categories to change the order.'}
                  </Text>
                  <ModuleList modules={filtered} reorderable={category === ALL} onEdit={(module) => setDialog({ module })} />
                </>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="categories" pt="md">
            <CategoriesPanel categories={categories} />
          </Tabs.Panel>
          <Tabs.Panel value="collections" pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                A collection is shown as a resource tile in the learning hub and the Opportunity Engine while it holds active modules. Set a module&apos;s collection in its Edit dialog.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {collections.map(({ collection, modules: members }) => (
                  <Card key={collection} withBorder padding="sm">
                    <Text fw={600}>{LEARNING_COLLECTION_LABELS[collection]}</Text>
                    <Text size="xs" c="dimmed" mb={6}>
                      {members.filter((module) => module.is_active).length} active of {members.length}
                    </Text>
                    {members.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        Empty: no tile is shown.
                      </Text>
                    ) : (
                      <Stack gap={4}>
                        {members.map((module) => (
                          <Group key={module.id} justify="space-between" wrap="nowrap" gap="xs">
                            <Text size="sm" truncate>
                              {module.title}
                              {!module.is_active && ' (inactive)'}
                            </Text>
                            <Button size="compact-xs" variant="subtle" onClick={() => setDialog({ module })} aria-label={`Edit ${module.title}`}>
                              Edit
                            </Button>
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="analytics" pt="md">
            <LearningAnalyticsPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ModuleFormModal opened={dialog !== null} module={dialog?.module ?? null} categories={categories} onClose={closeDialog} />
    </Container>
  );
}
