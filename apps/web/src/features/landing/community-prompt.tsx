import { Anchor, CloseButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** Session-storage key recording that the visitor dismissed the community prompt. */
export const COMMUNITY_PROMPT_DISMISSED_KEY = 'myeai.community_prompt_dismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(COMMUNITY_PROMPT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

type CommunityPromptProps = { url: string; name: string };

export function CommunityPrompt({ url, name }: CommunityPromptProps) {
  const [isDismissed, setDismissed] = useState(wasDismissed);
  if (isDismissed) return null;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(COMMUNITY_PROMPT_DISMISSED_KEY, '1');
    } catch {
      // Without session storage the prompt simply returns on the next visit.
    }
    setDismissed(true);
  };
  return (
    <Paper
      shadow="lg"
      withBorder
      p="md"
      radius="md"
      w={260}
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 20 }}
      role="complementary"
      aria-label="Join our community"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Text fw={700} size="sm">
          Join {name}
        </Text>
        <CloseButton onClick={dismiss} aria-label="Dismiss community prompt" size="sm" />
      </Group>
      <Stack gap="xs" align="center">
        <Image src="/api/landing/community-qr.svg" alt={`QR code linking to ${name}`} w={140} h={140} />
        <Text size="xs" c="dimmed" ta="center">
          Scan with your phone, or{' '}
          <Anchor href={url} target="_blank" rel="noreferrer" size="xs" underline="always">
            open the link
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
