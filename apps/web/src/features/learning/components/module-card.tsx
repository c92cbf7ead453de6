import { Badge, Button, Card, Group, Image, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook2, IconClock, IconLock, IconPlayerPlay, IconStarFilled, IconUsers } from '@tabler/icons-react';
import { LEARNING_ACCESS_LEVEL_LABELS, LOCKED_MODULE_LABEL, type LearningHubModule } from '@myeai/domain';

/** How a module's own minutes read on its card. */
export function formatModuleDuration(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function actionLabel(module: LearningHubModule): string {
  if (module.locked) return LOCKED_MODULE_LABEL;
  if (module.progress?.is_completed) return module.kind === 'document' ? 'Open again' : 'Watch again';
  if (module.progress) return 'Continue';
  return module.kind === 'document' ? 'Open' : 'Start';
}

type ModuleCardProps = { module: LearningHubModule; onOpen: (module: LearningHubModule) => void; compact?: boolean };

/** A module of the hub: a locked one is dimmed, says "Subscription Required" and opens the upgrade message. */
export function ModuleCard({ module, onOpen, compact = false }: ModuleCardProps) {
  const duration = formatModuleDuration(module.duration_minutes);
  const percent = module.progress?.completion_percentage ?? 0;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={module.title} bg={module.locked ? 'var(--mantine-color-gray-0)' : undefined} h="100%">
      {/* A locked module is dimmed by its picture (its text keeps full contrast). */}
      <Card.Section style={module.locked ? { opacity: 0.45, filter: 'grayscale(1)' } : undefined}>
        {module.thumbnail_url ? (
          <Image src={module.thumbnail_url} alt="" h={compact ? 100 : 140} fit="cover" loading="lazy" />
        ) : (
          <Group h={compact ? 100 : 140} justify="center" bg="var(--mantine-color-gray-1)" aria-hidden>
            <ThemeIcon size={48} radius="xl" variant="light">
              {module.kind === 'document' ? <IconBook2 size={28} /> : <IconPlayerPlay size={28} />}
            </ThemeIcon>
          </Group>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" size="sm">
            {module.category.name}
          </Badge>
          <Badge variant="outline" size="sm" color="gray">
            {module.difficulty}
          </Badge>
          {module.locked ? (
            <Badge color="dark" variant="filled" size="sm" leftSection={<IconLock size={12} aria-hidden />}>
              {LOCKED_MODULE_LABEL}
            </Badge>
          ) : (
            module.access_level !== 'free' && (
              <Badge color="grape" variant="light" size="sm">
                {LEARNING_ACCESS_LEVEL_LABELS[module.access_level]}
              </Badge>
            )
          )}
          {module.progress?.is_completed && (
            <Badge color="green" size="sm">
              Completed
            </Badge>
          )}
        </Group>
        <Text fw={700} lineClamp={2} component="h3" m={0} size="md">
          {module.title}
        </Text>
        {module.creator_name && (
          <Text size="xs" c="dimmed">
            By {module.creator_name}
          </Text>
        )}
        {!compact && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {module.description}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          {duration && (
            <Group gap={4}>
              <IconClock size={14} aria-hidden />
              <Text size="xs">{duration}</Text>
            </Group>
          )}
          <Group gap={4}>
            <IconStarFilled size={14} aria-hidden color="var(--mantine-color-yellow-6)" />
            <Text size="xs">{module.rating === null ? 'No ratings yet' : `${module.rating.toFixed(1)} (${module.ratings_count} ${module.ratings_count === 1 ? 'rating' : 'ratings'})`}</Text>
          </Group>
          <Group gap={4}>
            <IconUsers size={14} aria-hidden />
            <Text size="xs">
              {module.learners} {module.learners === 1 ? 'learner' : 'learners'}
            </Text>
          </Group>
        </Group>
        {module.progress && (
          <Stack gap={2}>
            <Progress value={percent} size="sm" color={module.progress.is_completed ? 'green' : 'blue'} aria-label={`${module.title}: ${percent}% done`} />
            <Text size="xs" c="dimmed">
              {percent}% done
            </Text>
          </Stack>
        )}
      </Stack>
      <Button mt="sm" fullWidth variant={module.locked ? 'default' : 'filled'} leftSection={module.locked ? <IconLock size={16} aria-hidden /> : undefined} onClick={() => onOpen(module)} aria-label={`${actionLabel(module)}: ${module.title}`}>
        {actionLabel(module)}
      </Button>
    </Card>
  );
}
