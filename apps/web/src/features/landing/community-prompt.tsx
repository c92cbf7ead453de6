import { Anchor, CloseButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { apiPath, landingPaths } from '@myeai/domain';

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

/** The community invitation (QR code and link), a card in the landing page's flow: floating, it covered "Get started" and the figures. */
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
    <Paper withBorder p="md" radius="md" maw={520} component="section" aria-label="Join our community">
      <Group align="center" wrap="nowrap" gap="md">
        <Image src={apiPath(landingPaths.communityQr)} alt={`QR code linking to ${name}`} w={120} h={120} style={{ flexShrink: 0 }} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text fw={700} size="sm">
              Join {name}
            </Text>
            <CloseButton onClick={dismiss} aria-label="Dismiss community prompt" size="sm" />
          </Group>
          <Text size="sm" c="dimmed">
            Scan with your phone, or{' '}
            <Anchor href={url} target="_blank" rel="noreferrer" size="sm" underline="always">
              open the link
            </Anchor>
            .
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
