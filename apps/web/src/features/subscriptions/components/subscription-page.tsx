import { Alert, Button, Container, Group, List, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CHECKOUT_SIGN_IN_MESSAGE, canCancel, canChangePlan, ELITE_POOL, getPlan, NO_SUBSCRIPTION_TO_CANCEL_MESSAGE, PLANS, subscriptionPageCopy, type PlanId, type SubscriptionStatus } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLongDate, useCancelSubscription, useCreateCheckout, usePaymentConfig, useSubscriptionStatus } from '../api/subscriptions-api.ts';
import { ChangePlan } from './change-plan.tsx';
import { ConsentBlock } from './consent-block.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { PlanCard } from './plan-card.tsx';
import { SubscriptionStatusBanner } from './subscription-status-banner.tsx';
import { TradingDisclaimer } from './trading-disclaimer.tsx';
import { READABLE_TITLE } from './readable-title.ts';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

const WHAT_YOU_GET = [
  `The live consensus of ${ELITE_POOL.size} vetted professional traders, as a traffic-light grid per asset and timeframe`,
  'Premium timeframes H1, H4, D1, W1 and W4',
  'Alerts when the traders confirm or leave a consensus',
  'Consensus history to review past calls',
  'Trader breakdown from the 4 Weeks plan up, priority support from the 12 Weeks plan up',
];

/** /trading-subscription (spec 3 section 2.4). */
export function SubscriptionPage() {
  const status = useSubscriptionStatus();
  const config = usePaymentConfig();
  const checkout = useCreateCheckout();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [marketingAccepted, setMarketingAccepted] = useState(false);
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  // The consent error is an answer to a click on a plan without the terms accepted, never shown before.
  const [termsMissing, setTermsMissing] = useState(false);
  const settling = status.isPending || config.isPending;
  const copy = status.data ? subscriptionPageCopy(status.data, formatLongDate) : null;

  const acceptTerms = (accepted: boolean) => {
    setTermsAccepted(accepted);
    if (accepted) setTermsMissing(false);
  };

  const subscribe = (plan: PlanId) => {
    if (!termsAccepted) {
      setTermsMissing(true);
      return;
    }
    setPendingPlan(plan);
    checkout.mutate(
      { plan, marketingAccepted },
      {
        onSuccess: (result) => window.location.assign(result.checkout_url),
        onError: (error) => {
          setPendingPlan(null);
          const unauthenticated = error instanceof ApiError && error.status === 401;
          notifications.show({
            color: 'red',
            title: unauthenticated ? CHECKOUT_SIGN_IN_MESSAGE : 'Failed to process subscription. Please try again.',
            message: unauthenticated ? undefined : error.message,
          });
        },
      },
    );
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <div>
          <ScreenTitle screen="/trading-subscription" name="Trading Compass Subscription" />
          <Text c="dimmed">See what {ELITE_POOL.size} vetted professional traders think, asset by asset and timeframe by timeframe.</Text>
        </div>
        {/* Until both answers are in, nothing below the title is drawn: the plans arriving above
            "What You Get" moved it down by a screen on phones (Lighthouse CLS 0.49). */}
        {settling && <Skeleton h={72} radius="md" />}
        {status.isError && <LoadError message={status.error.message} onRetry={() => void status.refetch()} />}
        {!settling && status.data && copy && (
          <>
            <SubscriptionStatusBanner copy={copy.status} />
            {canCancel({ status: status.data.status, has_access: status.data.has_access, payment_failed: status.data.payment_failed }) && <CancelSubscription status={status.data} />}
            {status.data.plan && canChangePlan(status.data) && <ChangePlan current={status.data.plan} />}
            {config.data?.provider === 'local' && (
              <Alert styles={READABLE_TITLE} color="gray" variant="outline" title="Test payments">
                This server has no payment provider configured: checkout opens a test page and no real payment is taken.
              </Alert>
            )}
            {copy.checkout && (
              <Alert styles={READABLE_TITLE} color={copy.checkout.tone} title={copy.checkout.title}>
                {copy.checkout.body}
              </Alert>
            )}
            {copy.canChoosePlan ? (
              <ConsentBlock
                termsAccepted={termsAccepted}
                marketingAccepted={marketingAccepted}
                showTermsError={termsMissing}
                onTermsChange={acceptTerms}
                onMarketingChange={setMarketingAccepted}
              />
            ) : (
              <Text size="sm">
                {canChangePlan(status.data)
                  ? 'To move to another plan, use Change plan above: an upgrade starts at once, a downgrade when the period you paid for ends.'
                  : 'You can choose another plan after cancelling your current one.'}
              </Text>
            )}
            <section aria-labelledby="plans-title">
              <Title order={2} size="h3" id="plans-title" mb="sm">
                Plans
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                {PLANS.map((plan) => {
                  const isCurrent = !copy.canChoosePlan && status.data.plan === plan.id;
                  const label = isCurrent ? 'Current plan' : copy.planButton;
                  return (
                    <PlanCard
                      key={plan.id}
                      plan={plan}
                      buttonLabel={label}
                      disabled={!copy.canChoosePlan || (checkout.isPending && pendingPlan !== plan.id)}
                      loading={checkout.isPending && pendingPlan === plan.id}
                      onSubscribe={() => subscribe(plan.id)}
                    />
                  );
                })}
              </SimpleGrid>
            </section>
            <PaymentsSection />
          </>
        )}
        {!settling && (
          <>
            <section aria-labelledby="what-you-get-title">
              <Title order={2} size="h3" id="what-you-get-title" mb="sm">
                What You Get
              </Title>
              <List spacing="xs">
                {WHAT_YOU_GET.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </section>
            <TradingDisclaimer />
          </>
        )}
      </Stack>
    </Container>
  );
}

function CancelSubscription({ status }: { status: SubscriptionStatus }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const until = status.current_period_end ? formatLongDate(status.current_period_end) : 'the end of the current period';
  const plan = status.plan ? getPlan(status.plan) : null;
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (result) => {
        setOpen(false);
        notifications.show({ color: 'green', title: 'Subscription cancelled', message: `You keep access until ${formatLongDate(result.subscription.current_period_end)}.` });
      },
      onError: (error) => {
        setOpen(false);
        const notFound = error instanceof ApiError && error.status === 404;
        notifications.show({ color: 'red', title: notFound ? NO_SUBSCRIPTION_TO_CANCEL_MESSAGE : 'Failed to cancel subscription. Please try again.', message: notFound ? undefined : error.message });
      },
    });
  return (
    <>
      <Group>
        <Button color="red" variant="light" onClick={() => setOpen(true)}>
          Cancel Subscription
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Cancel your subscription?" centered>
        <Stack>
          <Text>
            {plan ? `Your ${plan.name} plan` : 'Your plan'} stays available until {until}. Nothing more will be charged.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep subscription
            </Button>
            <Button color="red" onClick={confirm} loading={cancel.isPending}>
              Cancel subscription
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
