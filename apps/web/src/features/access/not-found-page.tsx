import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** `inShell`: drawn inside the signed-in layout, whose own <main> already holds it. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  return (
    <Container size="sm" py="xl" component={inShell ? 'div' : 'main'}>
      <Stack gap="sm">
        <Title order={1}>Page not found</Title>
        <Text>There is no page at this address.</Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
