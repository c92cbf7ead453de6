import { SimpleGrid, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { VideoWidget } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useVideoWidgets } from '../api/video-widgets-api.ts';
import { VideoWidgetCard, VideoWidgetCardSkeleton } from './video-widget-card.tsx';
import { VideoWidgetFormModal } from './video-widget-form-modal.tsx';

/** The dashboard's two video widgets; admins edit them in place. */
export function VideoWidgetsSection({ isAdmin }: { isAdmin: boolean }) {
  const widgets = useVideoWidgets(isAdmin);
  const [editing, setEditing] = useState<VideoWidget | null>(null);
  return (
    <section aria-labelledby="videos-title">
      <Title order={2} size="h3" id="videos-title" mb="sm">
        Videos
      </Title>
      {widgets.isError ? (
        <LoadError message={widgets.error.message} onRetry={() => void widgets.refetch()} />
      ) : widgets.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true">
          <VideoWidgetCardSkeleton />
          <VideoWidgetCardSkeleton />
        </SimpleGrid>
      ) : widgets.data.length === 0 ? (
        <Text c="dimmed">No videos yet.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {widgets.data.map((widget) => (
            <VideoWidgetCard key={widget.id} widget={widget} canEdit={isAdmin} onEdit={() => setEditing(widget)} />
          ))}
        </SimpleGrid>
      )}
      {isAdmin && <VideoWidgetFormModal widget={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
