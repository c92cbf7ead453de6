import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { shareCode } from '@myeai/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { lookupReferralCode } from '../api/onboarding-api.ts';

export type ReferralState = { code: string; referrerName: string | null };

type ReferralStepProps = {
  value: ReferralState;
  onChange: (value: ReferralState) => void;
  /** Set when the account already has a referrer (it cannot change). */
  existingReferrer: string | null;
};

/** Step 1: an optional referral code, checked by the server, which names the real referrer. */
export function ReferralStep({ value, onChange, existingReferrer }: ReferralStepProps) {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  if (existingReferrer) {
    return (
      <Alert color="teal" icon={<IconUserCheck aria-hidden />} title="You were referred" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        Your account is linked to your referrer, {existingReferrer}. Continue to tell us about yourself.
      </Alert>
    );
  }

  const check = async () => {
    const code = value.code.trim();
    if (!code) return;
    setChecking(true);
    setError(null);
    try {
      const answer = await lookupReferralCode(code);
      onChange({ code: shareCode(answer.referrer.referral_code), referrerName: answer.referrer.name });
    } catch (failure) {
      onChange({ code: value.code, referrerName: null });
      setError(failure instanceof ApiError ? failure.message : 'Could not check the code. Please try again.');
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text>Did someone invite you? Enter their referral code so they get credit. This step is optional.</Text>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Referral code (optional)"
          placeholder="e.g. ABCD2345"
          value={value.code}
          onChange={(event) => {
            setError(null);
            onChange({ code: event.currentTarget.value, referrerName: null });
          }}
          error={error}
          maxLength={64}
          w={{ base: '100%', xs: 260 }}
        />
        <Button variant="light" onClick={() => void check()} loading={checking} disabled={!value.code.trim()}>
          Check code
        </Button>
      </Group>
      {value.referrerName && (
        <Alert color="teal" icon={<IconUserCheck aria-hidden />} title="Code confirmed" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          You were referred by {value.referrerName}.
        </Alert>
      )}
    </Stack>
  );
}
