import { Alert, Badge, Button, Container, Divider, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDollarsAndCents, getPlan, type LocalTestCard } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { READABLE_TITLE } from './readable-title.ts';
import { formatLongDate, useCancelLocalCheckout, useCheckoutSession, useConfirmLocalCheckout } from '../api/subscriptions-api.ts';

/**
 * /checkout/local/:sessionId: the embedded payment provider's checkout page (used when no Stripe
 * key is configured). Confirming emits the same provider events a real payment would.
 */
export function LocalCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useCheckoutSession(sessionId);
  const confirm = useConfirmLocalCheckout(sessionId);
  const cancel = useCancelLocalCheckout(sessionId);
  const [card, setCard] = useState<LocalTestCard>('succeeds');

  const go = (url: string) => window.location.assign(url);
  const onError = (error: Error) => notifications.show({ color: 'red', title: 'Checkout failed', message: error.message });

  return (
    <Container size="xs" px={0}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>Checkout</Title>
          <Badge color="red.9" size="lg" variant="filled">
            Test checkout — no real payment
          </Badge>
        </Group>
        <Alert color="orange" title="Test checkout — no real payment" styles={READABLE_TITLE}>
          This server has no payment provider configured. Confirming starts the subscription exactly as a real payment would, but no money moves.
        </Alert>
        {session.isPending && <Loader aria-label="Loading" />}
        {session.isError && <LoadError message={session.error.message} onRetry={() => void session.refetch()} />}
        {session.data &&
          (session.data.status !== 'open' ? (
            <Alert styles={READABLE_TITLE} color="gray" title="This checkout is closed" role="status">
              It was {session.data.status}.{' '}
              <Link to={session.data.status === 'completed' ? `/subscription-success?session_id=${encodeURIComponent(sessionId)}` : '/trading-subscription'}>
                {session.data.status === 'completed' ? 'See your subscription' : 'Choose a plan again'}
              </Link>
            </Alert>
          ) : (
            <Paper withBorder p="lg" radius="md">
              <Stack gap="sm">
                <Title order={2} size="h3">
                  {getPlan(session.data.plan).name} plan
                </Title>
                <Text>
                  {formatDollarsAndCents(session.data.amount_cents)} every {getPlan(session.data.plan).period}
                </Text>
                {session.data.subscription.checkout_trial.kind === 'rest_of_trial' && session.data.subscription.checkout_trial.ends_at ? (
                  <Text>
                    Due today: <strong>{formatDollarsAndCents(0)}</strong>. The rest of your free trial stays free: the first charge of{' '}
                    {formatDollarsAndCents(session.data.amount_cents)} is on {formatLongDate(session.data.subscription.checkout_trial.ends_at)}, when it ends, unless you cancel before.
                  </Text>
                ) : session.data.trial_days > 0 ? (
                  <Text>
                    Due today: <strong>{formatDollarsAndCents(0)}</strong>. Your {session.data.trial_days}-day free trial starts when you confirm; the first charge of{' '}
                    {formatDollarsAndCents(session.data.amount_cents)} is {session.data.trial_days} days later unless you cancel before.
                  </Text>
                ) : (
                  <Text>
                    Due today: <strong>{formatDollarsAndCents(session.data.amount_cents)}</strong>.
                  </Text>
                )}
                <Divider />
                <Radio.Group label="Test card" value={card} onChange={(value) => setCard(value as LocalTestCard)}>
                  <Stack gap="xs" mt="xs">
                    <Radio value="succeeds" label="4242 4242 4242 4242: payments succeed" />
                    <Radio value="declines" label="4000 0000 0000 0341: later payments are declined" />
                  </Stack>
                </Radio.Group>
                <Group justify="space-between" mt="sm">
                  <Button variant="default" loading={cancel.isPending} disabled={confirm.isPending} onClick={() => cancel.mutate(undefined, { onSuccess: (r) => go(r.redirect_url), onError })}>
                    Cancel
                  </Button>
                  <Button loading={confirm.isPending} disabled={cancel.isPending} onClick={() => confirm.mutate(card, { onSuccess: (r) => go(r.redirect_url), onError })}>
                    Confirm
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
      </Stack>
    </Container>
  );
}
