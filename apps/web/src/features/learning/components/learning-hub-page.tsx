import { Badge, Button, Chip, Container, Group, Loader, Modal, SimpleGrid, Skeleton, Stack, Tabs, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBook, IconCircleCheck, IconClock, IconLock, IconPlus, IconProgress, IconSearch, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { decideAccess, LEARNING_COLLECTIONS, LEARNING_HUB_PAGE_SIZE, LEARNING_HUB_TAB_LABELS, LEARNING_HUB_TABS, type LearningCollection, type LearningHubModule, type LearningHubResponse, type LearningHubTab, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useIsBuilt } from '../../../lib/built-screens.ts';
import { useLearningHub } from '../api/learning-api.ts';
import { CollectionTiles } from './collection-tiles.tsx';
import { ModuleCard } from './module-card.tsx';
import { ModulePlayerModal } from './module-player.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { IconStatTiles, type IconStatFigure } from '../../../components/ui/stat-tiles.tsx';

const ALL = 'all';
const ANALYTICS = 'analytics';

/** The module admin's analytics (issue 20 item 4), loaded only when an admin opens the tab. */
const LearningAnalyticsPanel = lazy(() => import('../../learning-admin/index.ts').then((m) => ({ default: m.LearningAnalyticsPanel })));

function LearningStatTiles({ stats }: { stats: LearningHubResponse['stats'] }) {
  const tiles: IconStatFigure[] = [
    { label: 'Modules', value: String(stats.modules), icon: IconBook },
    { label: 'Completed', value: String(stats.completed), icon: IconCircleCheck },
    { label: 'Minutes watched', value: String(stats.minutes_watched), icon: IconClock },
    { label: 'In progress', value: String(stats.in_progress), icon: IconProgress },
  ];
  return <IconStatTiles figures={tiles} label="My learning" />;
}

function ModuleGrid({ modules, onOpen }: { modules: LearningHubModule[]; onOpen: (module: LearningHubModule) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {modules.map((module) => (
        <ModuleCard key={module.id} module={module} onOpen={onOpen} />
      ))}
    </SimpleGrid>
  );
}

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {text}
      </Text>
      {action}
    </Stack>
  );
}

const isTab = (value: string | null): value is LearningHubTab => (LEARNING_HUB_TABS as readonly string[]).includes(value ?? '');
const isCollection = (value: string | null): value is LearningCollection => (LEARNING_COLLECTIONS as readonly string[]).includes(value ?? '');

/** /learning and /learning-hub: one hub for every role (spec 2 "Learning hub", DESIGN.md decision 6). */
export function LearningHubPage({ user }: { user: UserProfile }) {
  const isBuilt = useIsBuilt();
  const isAdmin = decideAccess('admin', { activeRole: user.active_role }) === 'allowed';
  const canManage = isAdmin && isBuilt('/admin-passion-content');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: LearningHubTab | typeof ANALYTICS = tabParam === ANALYTICS && isAdmin ? ANALYTICS : isTab(tabParam) ? tabParam : ALL;
  const category = params.get('category');
  const collectionParam = params.get('collection');
  const collection = isCollection(collectionParam) ? collectionParam : undefined;
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const [limit, setLimit] = useState(LEARNING_HUB_PAGE_SIZE);
  const hub = useLearningHub({ search: search || undefined, category: category ?? undefined, tab: tab === ANALYTICS ? 'all' : tab, collection, ...(limit > LEARNING_HUB_PAGE_SIZE ? { limit } : {}) });
  const [opened, setOpened] = useState<LearningHubModule | null>(null);
  const [locked, setLocked] = useState<LearningHubModule | null>(null);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === ALL) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const onOpen = (module: LearningHubModule) => (module.locked ? setLocked(module) : setOpened(module));
  const data = hub.data;
  const collectionLabel = collection && data?.collections.find((c) => c.collection === collection)?.label;

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader screen="/learning" name="Learning Hub" subtitle="Videos and documents to grow your business." gap="sm">
          {canManage && (
            <Group gap="xs">
              <Button component={Link} to="/admin-passion-content" variant="default" leftSection={<IconSettings size={16} aria-hidden />}>
                Manage
              </Button>
              <Button component={Link} to="/admin-passion-content?new=1" leftSection={<IconPlus size={16} aria-hidden />}>
                Add Content
              </Button>
            </Group>
          )}
        </PageHeader>

        {hub.isError ? (
          <LoadError message={hub.error.message} onRetry={() => void hub.refetch()} />
        ) : !data ? (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Loading the learning hub">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <>
            <LearningStatTiles stats={data.stats} />
            {data.stats.modules === 0 ? (
              <EmptyState
                title="No learning modules yet"
                text={canManage ? 'Add the first module in the module admin.' : 'New modules will appear here as soon as they are published.'}
                action={
                  canManage && (
                    <Button component={Link} to="/admin-passion-content?new=1" leftSection={<IconPlus size={16} aria-hidden />}>
                      Add Content
                    </Button>
                  )
                }
              />
            ) : (
              <>
                <CollectionTiles title="Resources" collections={data.collections} onOpen={(c) => setParam('collection', c)} />
                {data.continue_watching.length > 0 && (
                  <Stack gap="xs" component="section" aria-label="Continue where you left off">
                    <Title order={2} size="h4">
                      Continue where you left off
                    </Title>
                    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
                      {data.continue_watching.map((module) => (
                        <ModuleCard key={module.id} module={module} onOpen={onOpen} compact />
                      ))}
                    </SimpleGrid>
                  </Stack>
                )}
                <TextInput
                  label="Search modules"
                  placeholder="Search by title, description or tag"
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={searchText}
                  onChange={(event) => setSearchText(event.currentTarget.value)}
                />
                {collection && (
                  <Group gap="xs">
                    <Badge size="lg" variant="light" color="teal">
                      {collectionLabel ?? collection}: {data.modules.length}
                    </Badge>
                    <Button size="xs" variant="subtle" onClick={() => setParam('collection', null)}>
                      Show all modules
                    </Button>
                  </Group>
                )}
                <Chip.Group multiple={false} value={category ?? ALL} onChange={(value) => setParam('category', Array.isArray(value) ? (value[0] ?? null) : value)}>
                  <Group gap="xs" role="radiogroup" aria-label="Filter by category">
                    <Chip value={ALL}>All</Chip>
                    {data.categories.map((c) => (
                      <Chip key={c.id} value={c.id}>
                        {c.name} ({c.count})
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </>
            )}
          </>
        )}

        {data && data.stats.modules > 0 && (
          <Tabs value={tab} onChange={(value) => setParam('tab', value)} keepMounted={false}>
            <Tabs.List>
              {LEARNING_HUB_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {LEARNING_HUB_TAB_LABELS[t]} ({data.tab_counts[t]})
                </Tabs.Tab>
              ))}
              {isAdmin && <Tabs.Tab value={ANALYTICS}>Analytics</Tabs.Tab>}
            </Tabs.List>
            {LEARNING_HUB_TABS.map((t) => (
              <Tabs.Panel key={t} value={t} pt="md">
                <section aria-label="Modules" aria-busy={hub.isFetching}>
                  {data.modules.length === 0 ? <EmptyState title="No modules match" text="Try another search, category or tab." /> : <ModuleGrid modules={data.modules} onOpen={onOpen} />}
                  {data.matching > data.modules.length && (
                    <Group justify="center" mt="md">
                      <Button variant="default" loading={hub.isFetching} onClick={() => setLimit(data.modules.length + LEARNING_HUB_PAGE_SIZE)}>
                        Show more ({data.matching - data.modules.length} more)
                      </Button>
                    </Group>
                  )}
                </section>
              </Tabs.Panel>
            ))}
            {isAdmin && (
              <Tabs.Panel value={ANALYTICS} pt="md">
                <Suspense fallback={<Loader aria-label="Loading analytics" />}>
                  <LearningAnalyticsPanel />
                </Suspense>
              </Tabs.Panel>
            )}
          </Tabs>
        )}
      </Stack>

      <ModulePlayerModal moduleId={opened?.id ?? null} title={opened?.title ?? ''} onClose={() => setOpened(null)} />
      <Modal opened={locked !== null} onClose={() => setLocked(null)} title="Subscription Required" centered>
        {locked && (
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon color="gray" variant="light" radius="xl" size="lg" aria-hidden>
                <IconLock size={20} />
              </ThemeIcon>
              <Text>{locked.locked_message}</Text>
            </Group>
            {isBuilt('/trading-subscription') && (
              <Button component={Link} to="/trading-subscription">
                See plans
              </Button>
            )}
          </Stack>
        )}
      </Modal>
    </Container>
  );
}
