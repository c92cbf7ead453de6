import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The header of the public pages (landing, referral join page): the MYEAI brand and Sign in. Away
 * from the landing page the brand links home; on it, it is plain text.
 */
export function PublicHeader({ brandLinksHome }: { brandLinksHome: boolean }) {
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between">
          {brandLinksHome ? (
            <Anchor component={Link} to="/" fw={800} size="lg" c="blue.8" underline="never">
              MYEAI
            </Anchor>
          ) : (
            <Text fw={800} size="lg" c="blue.8">
              MYEAI
            </Text>
          )}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
