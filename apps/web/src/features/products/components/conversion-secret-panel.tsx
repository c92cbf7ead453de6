import { Button, Code, CopyButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useConversionSecret } from '../api/products-api.ts';

/** Admin: what the merchant needs to report sales (the product's signing secret and how to sign). */
export function ConversionSecretPanel({ productId }: { productId: string }) {
  const [isShown, setIsShown] = useState(false);
  const secret = useConversionSecret(productId, isShown);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Merchant integration
      </Text>
      <Text size="xs" c="dimmed">
        The merchant reports each sale to POST /api/conversions with the header X-MYEAI-Signature: t=&lt;unix seconds&gt;,v1=&lt;HMAC-SHA256 of
        &quot;t.body&quot; with this secret&gt;. Keep the secret private.
      </Text>
      {!isShown && (
        <Button variant="default" size="xs" onClick={() => setIsShown(true)} style={{ alignSelf: 'flex-start' }}>
          Show conversion secret
        </Button>
      )}
      {isShown && secret.isPending && <Loader size="xs" aria-label="Loading the secret" />}
      {isShown && secret.isError && (
        <Text size="sm" c="red.8">
          {secret.error.message}
        </Text>
      )}
      {secret.data && (
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>{secret.data.conversion_secret}</Code>
          <CopyButton value={secret.data.conversion_secret} timeout={2000}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied!' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}
