import { Alert, Button, Group, Text } from '@mantine/core';
import type { UserProfile } from '@myeai/domain';
import { useResendVerification } from '../api/account.ts';

// Mantine's yellow title on its light background is under 4.5:1; the text colour reads.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Above every signed-in page until the address is confirmed (decision 057): what waits on it, and Resend. */
export function VerifyEmailBanner({ user }: { user: UserProfile }) {
  const resend = useResendVerification();
  if (user.email_verified) return null;
  return (
    <Alert color="yellow" title="Confirm your e-mail" styles={READABLE_TITLE} mb="md" role="region" aria-label="Confirm your e-mail">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          We sent a link to <strong>{user.email}</strong>. You can use your trial now; to earn commissions and referral credit or hold a role, open
          the link first.
        </Text>
        <Button size="xs" variant="white" color="dark" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isSuccess}>
          {resend.isSuccess ? 'Sent' : 'Resend'}
        </Button>
      </Group>
      {(resend.isSuccess || resend.isError) && (
        <Text size="sm" mt="xs" role="status">
          {resend.isSuccess ? resend.data.message : resend.error.message}
        </Text>
      )}
    </Alert>
  );
}
