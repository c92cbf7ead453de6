import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ELITE_POOL, PLANS } from '@myeai/domain';
import { PlanCard, TradingDisclaimer } from '../../subscriptions/index.ts';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

/** Users without access (spec 3 section 6): the four plans, each leading to /trading-subscription. */
export function SubscriptionRequired() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <div>
        <ScreenTitle screen="/trading-compass" name="MYEAI – Trading Compass" />
        <Text c="dimmed">{ELITE_POOL.size}-Trader Anonymous Consensus Engine</Text>
      </div>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="subscription-required-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="subscription-required-title">
              Subscription Required
            </Title>
            <Text>
              The Trading Compass shows the live consensus of {ELITE_POOL.size} professional traders to subscribers. Choose a plan to see it; every plan includes all timeframes.
            </Text>
          </div>
          {/* Columns by the card's own width, not the window's: beside the sidebar at 1440 px four
              columns cut the "Most popular" badge and wrap the plan titles, so four need 72rem. */}
          <SimpleGrid type="container" cols={{ base: 1, '34rem': 2, '72rem': 4 }}>
            {PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} buttonLabel="Select Plan" disabled={false} loading={false} onSubscribe={() => void navigate('/trading-subscription')} />
            ))}
          </SimpleGrid>
          <Text size="sm">
            Terms, the free trial and payment are on the{' '}
            <Anchor component={Link} to="/trading-subscription">
              subscription page
            </Anchor>
            .
          </Text>
        </Stack>
      </Card>
      <TradingDisclaimer />
    </Stack>
  );
}
