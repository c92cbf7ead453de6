import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';

/** Five stars for a 0-5 rating (halves rounded to the nearest half star), with the exact figure as text. */
export function RatingStars({ rating, totalRatings }: { rating: number; totalRatings: number }) {
  const halves = Math.round(rating * 2);
  return (
    <Group gap={6} wrap="nowrap">
      <Group gap={0} aria-hidden wrap="nowrap" c="yellow.7">
        {[1, 2, 3, 4, 5].map((star) =>
          halves >= star * 2 ? <IconStarFilled key={star} size={16} /> : halves === star * 2 - 1 ? <IconStarHalfFilled key={star} size={16} /> : <IconStar key={star} size={16} />,
        )}
      </Group>
      <Text size="sm" fw={600}>
        <VisuallyHidden>Rated </VisuallyHidden>
        {rating.toFixed(1)}
        <VisuallyHidden> out of 5</VisuallyHidden>
        {totalRatings > 0 && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            ({totalRatings} {totalRatings === 1 ? 'rating' : 'ratings'})
          </Text>
        )}
      </Text>
    </Group>
  );
}
