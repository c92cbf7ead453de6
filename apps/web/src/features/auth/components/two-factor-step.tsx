import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useTwoFactorVerify } from '../api/sign-in.ts';

type TwoFactorStepProps = { onSignedIn: () => void; onCancel: () => void; onError: (message: string) => void };

/**
 * The second step of a password sign-in when the account has two-factor on (decision 058): a code
 * from the authenticator app, or one of the recovery codes.
 */
export function TwoFactorStep({ onSignedIn, onCancel, onError }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const verify = useTwoFactorVerify();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = useRecovery ? { recovery_code: value.trim() } : { code: value.replace(/\s+/g, '') };
    verify.mutate(input, {
      onSuccess: onSignedIn,
      onError: (error) => {
        // The pending sign-in timed out: back to the password, with the reason.
        if (error instanceof ApiError && error.status === 401) {
          onError(error.message);
          onCancel();
        }
      },
    });
  };
  const fieldError = verify.error && !(verify.error instanceof ApiError && verify.error.status === 401) ? verify.error.message : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <Stack gap="sm">
        <Text fw={600}>Two-factor sign-in</Text>
        <Text size="sm" c="dimmed">
          {useRecovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app.'}
        </Text>
        <TextInput
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          required
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={fieldError}
        />
        <Button type="submit" loading={verify.isPending}>
          Verify and sign in
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
            verify.reset();
          }}
        >
          {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
