import { Alert, Button, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { formatDollarsAndCents, getPlan, type CheckoutSessionView } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatLongDate, useCheckoutSession } from '../api/subscriptions-api.ts';
import { READABLE_TITLE } from './readable-title.ts';

/**
 * /subscription-success?session_id=... (spec 1 section 2.9, spec 3 section 2.5). It only shows
 * what the server knows: access comes from the provider's confirmation, never from this page.
 */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const session = useCheckoutSession(sessionId, { pollWhileOpen: true });
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1}>Subscription</Title>
        {!sessionId ? (
          <Alert styles={READABLE_TITLE} color="red" title="No session ID found" role="alert">
            This page needs the session id the checkout returns. Choose a plan on the subscription page to start.
          </Alert>
        ) : session.isPending ? (
          <Loader aria-label="Loading" />
        ) : session.isError ? (
          <LoadError message="Failed to fetch subscription status" onRetry={() => void session.refetch()} />
        ) : (
          <SessionOutcome session={session.data} />
        )}
        <Group>
          <Button component={Link} to="/dashboard">
            Start Trading
          </Button>
          <Button component={Link} to="/trading-subscription" variant="default">
            Manage Subscription
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function SessionOutcome({ session }: { session: CheckoutSessionView }) {
  const plan = getPlan(session.plan);
  const { subscription } = session;
  if (session.status === 'open') {
    return (
      <Alert styles={READABLE_TITLE} color="blue" title="Processing your subscription…" role="status" icon={<Loader size="sm" />}>
        We are waiting for the payment provider to confirm your {plan.name} plan. This page updates by itself.
      </Alert>
    );
  }
  if (session.status !== 'completed') {
    return (
      <Alert styles={READABLE_TITLE} color="gray" title="This checkout was not completed" role="status">
        Nothing was charged. You can choose a plan again on the subscription page.
      </Alert>
    );
  }
  const isTrial = subscription.status === 'trial' && subscription.plan === plan.id;
  return (
    <Stack gap="md">
      <Alert styles={READABLE_TITLE} color="green" title={isTrial ? `Your ${plan.name} plan has started with free days` : `Your ${plan.name} plan is active`} role="status">
        {isTrial
          ? `You have the ${plan.name} plan free until ${formatLongDate(subscription.trial_end)}. Then ${formatDollarsAndCents(plan.price_cents)} is charged every ${plan.period} unless you cancel before.`
          : subscription.current_period_end
            ? `Plan: ${plan.name}, ${formatDollarsAndCents(plan.price_cents)} every ${plan.period}. Next renewal: ${formatLongDate(subscription.current_period_end)}.`
            : `Plan: ${plan.name}.`}
      </Alert>
      <div>
        <Title order={2} size="h4" mb="xs">
          Next steps
        </Title>
        <List spacing="xs">
          <List.Item>Open the Trading Compass to see the traders’ consensus on every timeframe.</List.Item>
          <List.Item>A confirmation is in your notifications{subscription.status === 'trial' ? ', and we remind you 2 days before the trial ends' : ''}.</List.Item>
          <List.Item>
            <Text span>Manage or cancel your plan at any time on the subscription page.</Text>
          </List.Item>
        </List>
      </div>
    </Stack>
  );
}
