import { Alert, Button, Card, Code, Group, Image, List, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { recoveryCodesFile, type UserProfile } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useTwoFactorSetup, useTwoFactorStatus } from './security-api.ts';

const enabledFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The 6-digit code field every step of this section asks for, with the server's refusal under it. */
function CodeForm({ label, submitLabel, pending, error, onSubmit, color }: {
  label: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (code: string) => void;
  color?: string;
}) {
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      aria-label={submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code.replace(/\s+/g, ''));
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error?.message}
          w={220}
        />
        <Button type="submit" loading={pending} color={color}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

/** The recovery codes, shown once, with a download of them as a text file. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(codes, email, new Date()))}`;
  return (
    // No Alert title: Mantine's yellow title colour fails the contrast check; the heading text is the body's colour.
    <Alert color="yellow" role="status" aria-labelledby="recovery-codes-title">
      <Stack gap="sm">
        <Text fw={700} id="recovery-codes-title">
          Save your recovery codes
        </Text>
        <Text size="sm">
          Each code signs you in once if you lose your phone. They are shown only now: download them or write them down.
        </Text>
        <List spacing={2} aria-label="Recovery codes" listStyleType="none" ff="monospace">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <Button component="a" href={href} download="myeai-recovery-codes.txt" variant="light">
            Download codes
          </Button>
          <Button variant="subtle" onClick={onDone}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Two-factor sign-in (decision 058): enrol an authenticator app with the QR code or the secret,
 * confirm with a code, keep the recovery codes; later new codes or turning it off, each with a code.
 */
export function TwoFactorSection({ user }: { user: UserProfile }) {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);
  // Sent here by the admin gate (TWO_FACTOR_ENROLMENT_ROUTE): bring the section into view.
  useEffect(() => {
    if (location.hash === '#two-factor') card.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);

  const body = () => {
    if (status.isError) return <LoadError message={status.error.message} onRetry={() => void status.refetch()} />;
    if (status.isPending) return <Skeleton h={72} />;
    if (shownCodes) return <RecoveryCodes codes={shownCodes} email={user.email} onDone={() => setShownCodes(null)} />;
    if (status.data.enabled) {
      return (
        <Stack gap="md">
          <Text>
            <strong>On</strong> since {enabledFormat.format(new Date(status.data.enabled_at!))}. Signing in with your password also asks for a code from your
            authenticator app. {status.data.recovery_codes_left} of 10 recovery codes left.
          </Text>
          <CodeForm
            label="Code for new recovery codes"
            submitLabel="Make new recovery codes"
            pending={regenerate.isPending}
            error={regenerate.error}
            onSubmit={(code) => regenerate.mutate(code, { onSuccess: ({ recovery_codes }) => setShownCodes(recovery_codes) })}
          />
          <CodeForm label="Code to turn it off" submitLabel="Turn off two-factor" color="red" pending={disable.isPending} error={disable.error} onSubmit={(code) => disable.mutate(code)} />
        </Stack>
      );
    }
    if (setup.data) {
      return (
        <Stack gap="sm">
          <Text size="sm">1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</Text>
          <Image src={setup.data.qr_code} alt="QR code for your authenticator app" w={180} h={180} />
          <Text size="sm">
            Or enter this key by hand: <Code aria-label="Secret key">{setup.data.secret}</Code>
          </Text>
          <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
          <CodeForm
            label="Code from the app"
            submitLabel="Turn on two-factor"
            pending={enable.isPending}
            error={enable.error}
            onSubmit={(code) =>
              enable.mutate(code, {
                onSuccess: ({ recovery_codes }) => {
                  setup.reset();
                  setShownCodes(recovery_codes);
                },
              })
            }
          />
        </Stack>
      );
    }
    return (
      <Stack gap="sm" align="flex-start">
        <Text>Off. With two-factor sign-in, a stolen password alone cannot open your account.</Text>
        {setup.isError && (
          <Text c="red" role="alert">
            {setup.error.message}
          </Text>
        )}
        <Button loading={setup.isPending} onClick={() => setup.mutate()}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="two-factor-title" id="two-factor" ref={card}>
      <Title order={3} size="h4" id="two-factor-title" mb="sm">
        Two-factor sign-in
      </Title>
      {status.data?.required && !status.data.enabled && (
        <Alert color="orange" role="alert" mb="sm">
          <strong>Required for admins.</strong> Admins must turn on two-factor sign-in before using the admin screens.
        </Alert>
      )}
      {disable.isSuccess && !status.data?.enabled && (
        <Alert color="teal" role="status" mb="sm">
          Two-factor sign-in is off.
        </Alert>
      )}
      {body()}
    </Card>
  );
}
