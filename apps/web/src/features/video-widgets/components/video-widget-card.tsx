import { AspectRatio, Badge, Box, Button, Card, Center, Group, Image, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPencil, IconPlayerPlayFilled, IconVideoOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { VideoWidget } from '@myeai/domain';
import { TextSkeleton } from '../../../components/ui/text-skeleton.tsx';
import { RatingStars } from './rating-stars.tsx';

type VideoWidgetCardProps = { widget: VideoWidget; canEdit: boolean; onEdit: () => void };

/**
 * A video widget (spec 1 section 2.12): 16:9 thumbnail, title, description, rating and a play link
 * that opens the video on YouTube in a new tab. Admins also see Edit, and which slots are hidden.
 */
export function VideoWidgetCard({ widget, canEdit, onEdit }: VideoWidgetCardProps) {
  const titleId = `video-widget-${widget.id}-title`;
  // A thumbnail that cannot load (offline, removed video) leaves the dark frame and the play button.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const thumbnail = widget.display_thumbnail_url;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid={`video-widget-${widget.position}`}>
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {widget.display_thumbnail_url && widget.watch_url ? (
            <Box pos="relative" bg="dark.7">
              <Image
                src={thumbnail}
                alt=""
                referrerPolicy="no-referrer"
                h="100%"
                w="100%"
                fit="cover"
                loading="lazy"
                data-testid="video-thumbnail"
                style={{ visibility: brokenSrc === thumbnail ? 'hidden' : 'visible' }}
                onError={() => setBrokenSrc(thumbnail)}
              />
              <Box
                component="a"
                href={widget.watch_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Play "${widget.title}" on YouTube (opens in a new tab)`}
                pos="absolute"
                inset={0}
                style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              >
                <ThemeIcon size={56} radius="xl" color="red.8" aria-hidden>
                  <IconPlayerPlayFilled size={28} />
                </ThemeIcon>
              </Box>
            </Box>
          ) : (
            <Center bg="gray.1">
              <Stack align="center" gap={4}>
                <IconVideoOff size={32} aria-hidden />
                <Text size="sm" c="dimmed">
                  No video chosen yet
                </Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={titleId} miw={0}>
            {widget.title}
          </Title>
          {/* The title wraps; the button keeps its width (it was cut to "Edi" at 375 px). */}
          {canEdit && (
            <Button size="compact-sm" variant="light" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={`Edit video widget ${widget.position}`} style={{ flexShrink: 0 }}>
              Edit
            </Button>
          )}
        </Group>
        {canEdit && !widget.is_active && (
          <Badge color="gray" variant="light" w="fit-content">
            Hidden from users
          </Badge>
        )}
        <Text size="sm" c="dimmed" lineClamp={3}>
          {widget.description}
        </Text>
        <RatingStars rating={widget.rating} totalRatings={widget.total_ratings} />
      </Stack>
    </Card>
  );
}

/** A card while the widgets load, laid out like a loaded one with a two-line description. */
export function VideoWidgetCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <TextSkeleton width="55%" fz="h5" lh="h5" fw={700} />
        <div>
          <TextSkeleton width="100%" size="sm" />
          <TextSkeleton width="70%" size="sm" />
        </div>
        <TextSkeleton width={112} size="sm" fw={600} />
      </Stack>
    </Card>
  );
}
