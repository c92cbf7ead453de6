import { ActionIcon, Anchor, AspectRatio, Badge, Button, Card, Flex, Group, Image, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import {
  apiPath,
  LEARNING_ACCESS_LEVEL_LABELS,
  LEARNING_ADMIN_MESSAGES as M,
  LEARNING_COLLECTION_LABELS,
  LEARNING_CONTENT_TYPE_LABELS,
  learningHubPaths,
  parseVimeoVideoId,
  parseYouTubeVideoId,
  type AdminLearningModule,
} from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useReorderLearningModules, useSetLearningModuleActive } from '../api/learning-admin-api.ts';

/** Moves the item at `from` to `to` (both indexes of the original list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What the module plays or opens, as the learner will see it. */
function ModulePreview({ module }: { module: AdminLearningModule }) {
  const youtube = module.content_type === 'youtube' && module.url ? parseYouTubeVideoId(module.url) : null;
  const vimeo = module.content_type === 'vimeo' && module.url ? parseVimeoVideoId(module.url) : null;
  const file = module.upload ? apiPath(learningHubPaths.file, { id: module.upload.id }) : null;
  return (
    <Stack gap="sm">
      {youtube && (
        <AspectRatio ratio={16 / 9}>
          <iframe src={`https://www.youtube-nocookie.com/embed/${youtube}`} title={module.title} allow="encrypted-media; picture-in-picture" allowFullScreen />
        </AspectRatio>
      )}
      {vimeo && (
        <AspectRatio ratio={16 / 9}>
          <iframe src={`https://player.vimeo.com/video/${vimeo}`} title={module.title} allow="picture-in-picture" allowFullScreen />
        </AspectRatio>
      )}
      {module.content_type === 'uploaded_video' && file && (
        <AspectRatio ratio={16 / 9}>
          <video src={file} controls preload="metadata" aria-label={module.title} />
        </AspectRatio>
      )}
      {module.content_type === 'pdf_upload' && file && (
        <Anchor href={file} target="_blank" rel="noopener noreferrer">
          Open the PDF ({module.upload?.original_name})
        </Anchor>
      )}
      {(module.content_type === 'external_video' || module.content_type === 'pdf_link') && module.url && (
        <Anchor href={module.url} target="_blank" rel="noopener noreferrer">
          Open {module.content_type === 'pdf_link' ? 'the document' : 'the video'} ({new URL(module.url).hostname})
        </Anchor>
      )}
      <Text size="sm">{module.description}</Text>
      <Group gap="xs">
        {module.tags.map((tag) => (
          <Badge key={tag} variant="outline" size="sm">
            {tag}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

function ModuleRow({
  module,
  index,
  count,
  onEdit,
  onPreview,
  onMove,
  dragHandlers,
  busy,
}: {
  module: AdminLearningModule;
  index: number;
  count: number;
  onEdit: () => void;
  onPreview: () => void;
  onMove: (to: number) => void;
  dragHandlers: { onDragStart: (event: DragEvent) => void; onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void; onDragEnd: () => void };
  busy: boolean;
}) {
  const setActive = useSetLearningModuleActive();
  const toggle = () =>
    setActive.mutate(
      { id: module.id, active: !module.is_active },
      {
        onSuccess: (response) => notifications.show({ color: 'green', message: response.message }),
        onError: (error) => notifications.show({ color: 'red', message: `${M.deleteFailed}${error instanceof ApiError ? error.message : 'Please try again.'}` }),
      },
    );
  return (
    <Card withBorder padding="sm" draggable={!busy} {...dragHandlers} data-testid="learning-module-row" aria-label={module.title} component="li" bg={module.is_active ? undefined : 'var(--mantine-color-gray-1)'} style={module.is_active ? undefined : { borderStyle: 'dashed' }}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} align="center">
          <IconGripVertical size={18} aria-hidden style={{ cursor: 'grab' }} />
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" size="sm" aria-label={`Move ${module.title} up`} disabled={busy || index === 0} onClick={() => onMove(index - 1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" size="sm" aria-label={`Move ${module.title} down`} disabled={busy || index === count - 1} onClick={() => onMove(index + 1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
        </Stack>
        {module.thumbnail_url && (
          <Image src={module.thumbnail_url} alt="" w={96} h={54} radius="sm" referrerPolicy="no-referrer" visibleFrom="sm" fit="cover" />
        )}
        <Flex direction={{ base: 'column', sm: 'row' }} gap="xs" flex={1} miw={0} justify="space-between">
          <Stack gap={4} flex={1} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {module.title}
              </Text>
              {!module.is_active && (
                <Badge color="gray" variant="filled">
                  INACTIVE
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="wrap">
              <Badge variant="light">{module.category_name}</Badge>
              <Badge variant="light" color="grape">
                {LEARNING_CONTENT_TYPE_LABELS[module.content_type]}
              </Badge>
              <Badge variant="filled" color={module.access_level === 'free' ? 'teal.9' : 'violet.9'}>
                {LEARNING_ACCESS_LEVEL_LABELS[module.access_level]}
              </Badge>
              <Badge variant="light" color="gray">
                {module.difficulty}
              </Badge>
              {module.collection && (
                <Badge variant="filled" color="cyan.9">
                  {LEARNING_COLLECTION_LABELS[module.collection]}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {module.duration_minutes !== null ? `${module.duration_minutes} min · ` : ''}
              {module.learners_started} started · {module.learners_completed} completed
              {module.creator_name ? ` · by ${module.creator_name}` : ''}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap" align="flex-start">
            <Button size="xs" variant="default" onClick={onPreview}>
              Preview
            </Button>
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" variant={module.is_active ? 'light' : 'outline'} color={module.is_active ? 'red' : 'dark'} onClick={toggle} loading={setActive.isPending}>
              {module.is_active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </Group>
        </Flex>
      </Group>
    </Card>
  );
}

/**
 * The module list in the learners' order: drag a row to move it, or use its Move up / Move down
 * buttons (keyboard). The new order is saved as a whole; it stays on screen only once saved.
 */
export function ModuleList({ modules, reorderable, onEdit }: { modules: AdminLearningModule[]; reorderable: boolean; onEdit: (module: AdminLearningModule) => void }) {
  const reorder = useReorderLearningModules();
  const [pending, setPending] = useState<AdminLearningModule[] | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [preview, setPreview] = useState<AdminLearningModule | null>(null);
  const shown = pending ?? modules;

  const save = (next: AdminLearningModule[]) => {
    setPending(next);
    reorder.mutate(
      next.map((module) => module.id),
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'New order saved.' }),
        onError: (error) => notifications.show({ color: 'red', message: `${M.reorderFailed}${error instanceof ApiError ? error.message : 'Please try again.'}` }),
        onSettled: () => setPending(null),
      },
    );
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= shown.length || from === to) return;
    save(moved(shown, from, to));
  };

  return (
    <>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Learning modules in learner order">
        {shown.map((module, index) => (
          <ModuleRow
            key={module.id}
            module={module}
            index={index}
            count={shown.length}
            busy={!reorderable || reorder.isPending}
            onEdit={() => onEdit(module)}
            onPreview={() => setPreview(module)}
            onMove={(to) => move(index, to)}
            dragHandlers={{
              onDragStart: (event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragIndex(index);
              },
              onDragOver: (event) => {
                if (dragIndex !== null) event.preventDefault();
              },
              onDrop: (event) => {
                event.preventDefault();
                if (dragIndex !== null) move(dragIndex, index);
                setDragIndex(null);
              },
              onDragEnd: () => setDragIndex(null),
            }}
          />
        ))}
      </Stack>
      <Modal opened={preview !== null} onClose={() => setPreview(null)} title={preview?.title ?? 'Preview'} size="lg" centered>
        {preview && <ModulePreview module={preview} />}
      </Modal>
    </>
  );
}
