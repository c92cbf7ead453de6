import { Stack, Title } from '@mantine/core';
import type { UserProfile } from '@myeai/domain';
import { ChangeEmailSection, ChangePasswordSection } from './account-credentials.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** The "Security" section of /profile (issue 29): each part of account security is one card here. */
export function SecurityPanel({ user }: { user: UserProfile }) {
  return (
    <section aria-labelledby="security-title">
      <Title order={2} size="h3" id="security-title" mb="sm">
        Security
      </Title>
      <Stack gap="md">
        <ChangePasswordSection />
        <ChangeEmailSection user={user} />
        <TwoFactorSection user={user} />
        <SessionsSection />
      </Stack>
    </section>
  );
}
