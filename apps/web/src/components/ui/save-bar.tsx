import { Alert, Button, Group, Text } from '@mantine/core';

/** The foot of a content editor: Save, the saved message (spec 3 section 8) and the failure alert. */
export function SaveBar({ isPending, saved, error }: { isPending: boolean; saved: boolean; error: Error | null }) {
  return (
    <>
      <Group gap="sm">
        <Button type="submit" loading={isPending}>
          Save
        </Button>
        {saved && (
          <Text size="sm" c="teal.9" role="status">
            Landing page content saved successfully!
          </Text>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" title="Failed to save content">
          {error.message}
        </Alert>
      )}
    </>
  );
}
