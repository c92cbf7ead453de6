import { AspectRatio, Center, Image, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

type ProductImageProps = { src: string | null; name: string };

/** The product's picture at 16:9, or a neutral placeholder (no stand-in photo) when it has none or it fails to load. */
export function ProductImage({ src, name }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasImage = src !== null && failedSrc !== src;
  return (
    <AspectRatio ratio={16 / 9}>
      {hasImage ? (
        <Image src={src} alt={name} fit="cover" referrerPolicy="no-referrer" loading="lazy" onError={() => setFailedSrc(src)} />
      ) : (
        <Center bg="gray.1" aria-hidden>
          <Stack gap={4} align="center">
            <IconPhotoOff size={28} color="var(--mantine-color-gray-6)" />
            <Text size="xs" c="dimmed">
              No image
            </Text>
          </Stack>
        </Center>
      )}
    </AspectRatio>
  );
}
