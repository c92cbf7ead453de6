import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The footer of the public pages (landing, /join): the disclaimer and the legal pages. */
export function LegalFooter() {
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            © MYEAI. Trading data is for educational purposes only and is not financial advice.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/terms" size="sm">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to="/privacy-policy" size="sm">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/refund-policy" size="sm">
              Refund Policy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
