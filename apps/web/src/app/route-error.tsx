import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { checkForNewVersion, useIsOutdated } from '../lib/app-version.ts';
import { NewVersionNotice } from '../components/ui/new-version-notice.tsx';

/**
 * What a route shows when its page failed to load or to render (the router's errorElement). Most
 * often a page's chunk is gone after a deploy: the server is asked which build it serves, and the
 * page then says a new version is out, with a reload, instead of going blank. In the signed-in
 * area it stands in the content: the shell (and its own new-version notice) stays.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const isOutdated = useIsOutdated();
  const [isChecked, setIsChecked] = useState(false);
  useEffect(() => {
    void checkForNewVersion().finally(() => setIsChecked(true));
  }, []);
  return (
    <Container size="sm" py={inShell ? 'md' : 'xl'} px={inShell ? 0 : undefined}>
      <Stack gap="md">
        <Title order={1}>This page could not be loaded</Title>
        {!inShell && <NewVersionNotice />}
        {isOutdated ? (
          <Text>MYEAI was updated since this tab opened. Reload to open the page in the new version.</Text>
        ) : (
          isChecked && (
            <Alert color="red" title="Something went wrong">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Check your connection, then reload the page.</Text>
                <Button size="xs" variant="default" onClick={() => window.location.reload()}>
                  Reload the page
                </Button>
              </Stack>
            </Alert>
          )
        )}
      </Stack>
    </Container>
  );
}
