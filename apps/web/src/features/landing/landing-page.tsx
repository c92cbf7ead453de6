import { Alert, Badge, Box, Button, Card, Container, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiPath, authPaths, ELITE_POOL, normaliseReferralCode, PROFIT_SPLIT, shareCode, TRIAL_LENGTH_DAYS } from '@myeai/domain';
import { storedReferralCode, storeReferralCode, useAuthMethods } from '../auth/index.ts';
import { LegalFooter } from '../../components/layouts/legal-footer.tsx';
import { PublicHeader } from '../../components/layouts/public-header.tsx';
import { CommunityPrompt } from './community-prompt.tsx';
import { useLandingContent, usePeopleEarningToday } from './landing-api.ts';

const OFFERS = [
  'A built-in CRM for your leads',
  'Goal tracking reviewed by your leaders',
  'A learning hub',
  'A referral programme with commissions from both sides',
  `A ${TRIAL_LENGTH_DAYS}-day free trial whose features unlock in stages`,
  'Paid access to the Trading Compass consensus grid',
];

function useSignInHref(referralCode: string | null): string {
  const methods = useAuthMethods();
  const query = referralCode ? `?ref=${encodeURIComponent(referralCode)}` : '';
  return methods.data?.oidc ? `${apiPath(authPaths.login)}${query}` : `/login${query}`;
}

export function LandingPage() {
  const [params] = useSearchParams();
  const fromUrl = normaliseReferralCode(params.get('ref'));
  const [savedCode] = useState(storedReferralCode);
  const referralCode = fromUrl ?? savedCode;
  const landing = useLandingContent();
  const earningToday = usePeopleEarningToday();
  const signInHref = useSignInHref(referralCode);

  useEffect(() => {
    if (fromUrl) storeReferralCode(fromUrl);
  }, [fromUrl]);

  return (
    <Box>
      <PublicHeader brandLinksHome={false} />
      <Container size="lg" component="main" py="xl">
        <Stack gap="xl">
          {referralCode && (
            <Alert color="teal" title="You have been invited" role="status">
              A member invited you to MYEAI with code <strong>{shareCode(referralCode)}</strong>. Sign up to join their network.
            </Alert>
          )}
          <Stack gap="md" maw={720}>
            <Title order={1} size={42}>
              Build your business. Trade with the community.
            </Title>
            <Text size="lg">
              MYEAI brings affiliates, traders and investors together: run your business with real tools, follow the
              Trading Compass built from the votes of {ELITE_POOL.size} weighted traders, and share in what the community earns.
            </Text>
            <Group>
              <Button component="a" href={signInHref} size="lg">
                Get started
              </Button>
              <Text size="sm" c="dimmed">
                {TRIAL_LENGTH_DAYS}-day free access, no credit card required.
              </Text>
            </Group>
          </Stack>

          <section aria-labelledby="profit-split-title">
            <Title order={2} id="profit-split-title" mb="sm">
              How profits are shared
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {PROFIT_SPLIT.map((part) => (
                <Card key={part.share} withBorder padding="lg">
                  <Text size="xl" fw={800} c="blue.8">
                    {part.percent}%
                  </Text>
                  <Text>{part.share}</Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          {/* Drawn at once with the figure's place kept, so its arrival moves nothing (layout shift, issue 33). */}
          {!earningToday.isError && (
            <section aria-labelledby="live-title">
              <Paper withBorder p="lg" radius="md">
                <Group gap="xs" mb={4}>
                  <Badge color="green" variant="dot">
                    Live
                  </Badge>
                  <Title order={2} size="h3" id="live-title">
                    People earning today
                  </Title>
                </Group>
                {earningToday.data ? (
                  <Text size="xl" fw={800} data-testid="people-earning-today">
                    {earningToday.data.people_earning_today.toLocaleString('en-US')}
                  </Text>
                ) : (
                  <Skeleton height={31} width={80} my={0} />
                )}
                <Text size="sm" c="dimmed">
                  Members credited a commission today (since 00:00 UTC), counted from the commission ledger.
                </Text>
              </Paper>
            </section>
          )}

          <section aria-labelledby="offers-title">
            <Title order={2} id="offers-title" mb="sm">
              What you get
            </Title>
            <List spacing="xs">
              {OFFERS.map((offer) => (
                <List.Item key={offer}>{offer}</List.Item>
              ))}
            </List>
          </section>
          {/* Below the offers: the figures are optional (an admin's choice), so they arrive without moving what is above. */}
          {landing.data && landing.data.figures.length > 0 && (
            <section aria-labelledby="figures-title">
              <Paper withBorder p="lg" radius="md" bg="gray.0">
                <Title order={2} size="h3" id="figures-title">
                  The community in numbers
                </Title>
                <Text size="sm" c="dimmed" mb="md">
                  Marketing figures chosen by the MYEAI team. They are not live data.
                </Text>
                <SimpleGrid cols={{ base: 1, sm: landing.data.figures.length }}>
                  {landing.data.figures.map((figure) => (
                    <div key={figure.label}>
                      <Text size="xl" fw={800}>
                        {figure.value}
                      </Text>
                      <Text size="sm">{figure.label}</Text>
                    </div>
                  ))}
                </SimpleGrid>
              </Paper>
            </section>
          )}

          {/* In the flow, not floating: a fixed popup covered "Get started" at 375 px and the figures at 1440 px. */}
          {landing.data?.community_url && <CommunityPrompt url={landing.data.community_url} name={landing.data.community_name} />}
        </Stack>
      </Container>
      <LegalFooter />
    </Box>
  );
}
