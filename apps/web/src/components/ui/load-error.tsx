import { Alert, Button, Stack, Text } from '@mantine/core';

type LoadErrorProps = { message?: string; onRetry: () => void };

/** A failed load says so and offers a retry; it never shows stand-in data. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" title="Could not load this" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message ?? 'Something went wrong while loading.'}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}
