import { Alert, Badge, Button, Card, Group, Radio, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CONNECT_ACCOUNT_STATE_LABELS,
  CRYPTO_NETWORK_LABELS,
  CRYPTO_NETWORKS,
  PAYOUT_METHOD_LABELS,
  PayoutDetailsSchema,
  type ConnectAccountState,
  type PayoutMethod,
  type PayoutMethodKind,
  type PayoutMethodResponse,
} from '@myeai/domain';
import { SubmitRow } from '../../../components/ui/form-actions.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useDomainForm } from '../../../lib/use-domain-form.ts';
import { usePayoutMethod, useSavePayoutMethod, useStripeConnect, useStripeRefresh } from '../api/payouts-api.ts';

// Mantine's yellow title is too light on its tinted background (axe colour contrast); the text colour reads.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Every field of every method; the form sends only the chosen method's (toInput). */
type Values = {
  method: PayoutMethod;
  email: string;
  account_holder: string;
  routing_number: string;
  account_number: string;
  account_type: 'checking' | 'savings';
  iban: string;
  swift_bic: string;
  bank_name: string;
  country: string;
  network: string;
  address: string;
};

const blank = (method: PayoutMethod): Values => ({
  method,
  email: '',
  account_holder: '',
  routing_number: '',
  account_number: '',
  account_type: 'checking',
  iban: '',
  swift_bic: '',
  bank_name: '',
  country: '',
  network: 'BTC',
  address: '',
});

/** The chosen method's fields as the API reads them; an empty optional wire field is left out. */
function toInput(values: Values) {
  switch (values.method) {
    case 'paypal':
      return { method: 'paypal', email: values.email };
    case 'ach':
      return { method: 'ach', account_holder: values.account_holder, routing_number: values.routing_number, account_number: values.account_number, account_type: values.account_type };
    case 'wire': {
      const optional = (value: string) => (value.trim() === '' ? undefined : value);
      return {
        method: 'wire',
        account_holder: values.account_holder,
        iban: optional(values.iban),
        account_number: optional(values.account_number),
        swift_bic: optional(values.swift_bic),
        bank_name: values.bank_name,
        country: values.country,
      };
    }
    case 'crypto':
      return { method: 'crypto', network: values.network, address: values.address };
  }
}

function CurrentMethod({ current }: { current: NonNullable<PayoutMethodResponse['method']> }) {
  return (
    <Stack gap={6}>
      <div>
        <Text size="xs" c="dimmed">
          Current method
        </Text>
        <Text fw={700} data-testid="payout-method-summary">
          {current.summary}
        </Text>
        <Text size="xs" c="dimmed">
          Changed {formatDateTime(current.updated_at)}
        </Text>
      </div>
      {current.on_hold && (
        <Alert color="yellow" title="New details on hold" role="status" styles={READABLE_TITLE}>
          For your security, payouts use these details from {formatDateTime(current.hold_until)}. A payout prepared before then waits for the next one. We e-mailed you about
          the change.
        </Alert>
      )}
    </Stack>
  );
}

function MethodFields({ form, method }: { form: ReturnType<typeof useMethodForm>; method: PayoutMethod }) {
  switch (method) {
    case 'paypal':
      return <TextInput label="PayPal e-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />;
    case 'ach':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Account holder" autoComplete="name" {...form.getInputProps('account_holder')} />
          <Select label="Account type" data={[{ value: 'checking', label: 'Checking' }, { value: 'savings', label: 'Savings' }]} allowDeselect={false} {...form.getInputProps('account_type')} />
          <TextInput label="Routing number" description="9 digits (ABA)" inputMode="numeric" {...form.getInputProps('routing_number')} />
          <TextInput label="Account number" inputMode="numeric" {...form.getInputProps('account_number')} />
        </SimpleGrid>
      );
    case 'wire':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Account holder" autoComplete="name" {...form.getInputProps('account_holder')} />
          <TextInput label="Bank name" {...form.getInputProps('bank_name')} />
          <TextInput label="IBAN" description="Or leave empty and give an account number with a SWIFT/BIC code" {...form.getInputProps('iban')} />
          <TextInput label="Account number" description="Only without an IBAN" {...form.getInputProps('account_number')} />
          <TextInput label="SWIFT/BIC" {...form.getInputProps('swift_bic')} />
          <TextInput label="Bank country" description="2-letter code, e.g. DE" maxLength={2} {...form.getInputProps('country')} />
        </SimpleGrid>
      );
    case 'crypto':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Network" data={CRYPTO_NETWORKS.map((network) => ({ value: network, label: CRYPTO_NETWORK_LABELS[network] }))} allowDeselect={false} {...form.getInputProps('network')} />
          <TextInput label="Wallet address" spellCheck={false} {...form.getInputProps('address')} />
        </SimpleGrid>
      );
  }
}

/** The method the form edits: a connected Stripe account is not typed in, so the form starts on a typed method. */
const typedMethod = (method: PayoutMethodKind | undefined): PayoutMethod | undefined => (method === 'stripe' ? undefined : method);

// Filled in dark shades, so white text passes axe's colour contrast (as the payout badges are).
const CONNECT_STATE_COLORS: Record<ConnectAccountState, string> = { pending: 'gray.7', verified: 'teal.9', restricted: 'red.9' };
const CONNECT_STATE_BADGES: Record<ConnectAccountState, string> = { pending: 'Pending', verified: 'Verified', restricted: 'Restricted' };

/**
 * "Connect with Stripe" (issue 30 item 1, decision 069), shown when the server pays through Stripe
 * Connect: the connected account's state and the button to Stripe's onboarding. Stripe sends the
 * payee back here (?stripe=return: the account is read from Stripe at once; ?stripe=refresh: the
 * link expired, start again).
 */
function StripeConnectSection({ connect, page }: { connect: NonNullable<PayoutMethodResponse['stripe_connect']>; page: 'commissions' | 'earnings' }) {
  const start = useStripeConnect();
  const refresh = useStripeRefresh();
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get('stripe');
  // The link expired (Stripe sent the payee to the refresh URL): said until they leave the page.
  const [expired] = useState(() => returned === 'refresh');
  const handled = useRef(false);
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    if (returned === 'return') refresh.mutate();
    const next = new URLSearchParams(searchParams);
    next.delete('stripe');
    setSearchParams(next, { replace: true });
  }, [returned, refresh, searchParams, setSearchParams]);
  const account = connect.account;
  const label = !account ? 'Connect with Stripe' : account.state === 'verified' ? 'Open your Stripe dashboard' : 'Continue with Stripe';
  return (
    <Stack gap="xs" aria-label="Stripe" component="section">
      <Text fw={700}>Stripe</Text>
      {account ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="stripe-account-summary">
            {account.summary}
          </Text>
          <Badge color={CONNECT_STATE_COLORS[account.state]} variant="filled" data-testid="stripe-account-state">
            {CONNECT_STATE_BADGES[account.state]}
          </Badge>
        </Group>
      ) : (
        <Text size="sm">Be paid straight to your bank through Stripe: connect a Stripe account once, and each payout arrives as a transfer.</Text>
      )}
      {account && (
        <Text size="sm" c="dimmed">
          {CONNECT_ACCOUNT_STATE_LABELS[account.state]}.
        </Text>
      )}
      {expired && (
        <Alert color="yellow" role="status" styles={READABLE_TITLE} title="The Stripe link expired">
          Stripe's onboarding links last a few minutes. Continue with Stripe to get a new one.
        </Alert>
      )}
      {(start.error ?? refresh.error) && (
        <Alert color="red" role="alert">
          {(start.error ?? refresh.error)?.message}
        </Alert>
      )}
      <Group>
        <Button variant={account?.state === 'verified' ? 'default' : 'filled'} loading={start.isPending} onClick={() => start.mutate(page, { onSuccess: ({ url }) => window.location.assign(url) })}>
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

function useMethodForm(initial: PayoutMethod) {
  return useDomainForm(PayoutDetailsSchema, blank(initial), { toInput });
}

function MethodForm({ data }: { data: PayoutMethodResponse }) {
  const enabled = data.methods_enabled;
  const save = useSavePayoutMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useMethodForm(typedMethod(data.method?.method) ?? enabled[0] ?? 'paypal');
  const method = form.values.method;

  const onSubmit = form.onSubmit((details) => {
    setFormError(null);
    save.mutate(details, {
      onSuccess: (saved) => {
        // The full numbers are not kept on screen once saved: the masked summary stands for them.
        form.setValues(blank(typedMethod(saved.method?.method) ?? method));
        form.resetDirty();
        notifications.show({ color: 'green', message: `Payout method saved: ${saved.method?.summary ?? ''}.` });
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) setFormError(error.message);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Payout details">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Radio.Group label={data.method ? 'Change to' : 'Method'} {...form.getInputProps('method')} onChange={(next) => form.setFieldValue('method', next as PayoutMethod)}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt={6} spacing="xs">
            {enabled.map((value) => (
              <Radio key={value} value={value} label={PAYOUT_METHOD_LABELS[value]} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <MethodFields form={form} method={method} />
        <Text size="xs" c="dimmed">
          {data.details_hold_hours > 0
            ? `A change is e-mailed to you, and payouts use new details ${data.details_hold_hours} hours after the change (a safeguard against account takeover).`
            : 'A change is e-mailed to you; payouts use new details at once.'}
        </Text>
        <SubmitRow saving={save.isPending}>Save payout method</SubmitRow>
      </Stack>
    </form>
  );
}

/** "Payout method" (issue 30 item 1): the current method masked, its hold, and the form to set or change it. */
export function PayoutMethodCard({ page = 'commissions' }: { page?: 'commissions' | 'earnings' }) {
  const method = usePayoutMethod();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-method-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="payout-method-title">
            Payout method
          </Title>
          <Text size="sm" c="dimmed">
            Where your commissions are paid. Only the last 4 characters are ever shown.
          </Text>
        </div>
        {method.isError ? (
          <LoadError message={method.error.message} onRetry={() => void method.refetch()} />
        ) : method.isPending ? (
          <Skeleton h={160} radius="md" />
        ) : (
          <>
            {method.data.method ? (
              <CurrentMethod current={method.data.method} />
            ) : (
              <Text size="sm">Choose how you want to be paid. Payouts start once a method is saved.</Text>
            )}
            {method.data.stripe_connect && <StripeConnectSection connect={method.data.stripe_connect} page={page} />}
            {method.data.stripe_connect && (
              <Text size="sm" fw={700}>
                Or be paid another way
              </Text>
            )}
            <MethodForm data={method.data} />
          </>
        )}
      </Stack>
    </Card>
  );
}
