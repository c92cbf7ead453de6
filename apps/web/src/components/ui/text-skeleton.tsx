import { Skeleton, Text, type TextProps } from '@mantine/core';

/**
 * A placeholder for one line of text. The bar sits in a line of a `Text` with the same props, so
 * the placeholder is exactly as tall as the text that replaces it and nothing below it moves.
 */
export function TextSkeleton({ width, ...textProps }: { width: number | string } & TextProps) {
  return (
    <Text component="div" {...textProps}>
      <Skeleton display="inline-block" width={width} height="0.8em" radius="sm" style={{ verticalAlign: 'middle' }} />
    </Text>
  );
}
