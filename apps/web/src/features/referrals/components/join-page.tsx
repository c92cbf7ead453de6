import { Alert, Box, Button, Card, Center, Container, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconChartLine, IconCoins, IconRocket, IconShieldCheck, IconStar, IconTarget, IconUsers } from '@tabler/icons-react';
import { useEffect, type ComponentType } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FREE_ACCESS_NOTE, REFERRAL_ERROR_REDIRECT_MS, REFERRAL_VISITOR_STORAGE_KEY, type JoinResponse, type ReferralFeatureIcon, type ReferralLandingContent } from '@myeai/domain';
import { LegalFooter } from '../../../components/layouts/legal-footer.tsx';
import { PublicHeader } from '../../../components/layouts/public-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { storeReferralCode } from '../../auth/index.ts';
import { reportCtaClick, useJoinLanding } from '../api/referrals-api.ts';
import { useReportTimeOnPage } from '../hooks/use-report-time-on-page.ts';

const ICONS: Record<ReferralFeatureIcon, ComponentType<{ size?: number }>> = {
  users: IconUsers,
  chart: IconChartLine,
  book: IconBook2,
  target: IconTarget,
  coins: IconCoins,
  shield: IconShieldCheck,
  rocket: IconRocket,
  star: IconStar,
};

function rememberVisit(data: JoinResponse['data']): void {
  storeReferralCode(data.referral_code);
  try {
    window.localStorage.setItem(REFERRAL_VISITOR_STORAGE_KEY, data.visitor_id);
  } catch {
    // Storage can be disabled (private mode); the cookie still identifies the visitor.
  }
}

function Landing({ data }: { data: JoinResponse['data'] }) {
  useReportTimeOnPage({ visitorId: data.visitor_id, referralCode: data.referral_code });
  const loginHref = `/login?ref=${encodeURIComponent(data.referral_code)}`;
  const onCta = () => reportCtaClick({ visitor_id: data.visitor_id, referral_code: data.referral_code });
  return <JoinLandingView content={data.content} cta={{ href: loginHref, onClick: onCta }} />;
}

/**
 * The body of /join for a content (the referrer's name already filled in). The admin's preview
 * renders this same component with no call-to-action target (the button goes nowhere there).
 */
export function JoinLandingView({ content, cta: target }: { content: ReferralLandingContent; cta?: { href: string; onClick: () => void } }) {
  const cta = target ? (
    <Button component={Link} to={target.href} size="lg" onClick={target.onClick}>
      {content.cta_text}
    </Button>
  ) : (
    <Button size="lg" type="button">
      {content.cta_text}
    </Button>
  );
  return (
    <Stack gap="xl">
      <Stack gap="md" maw={760}>
        <Text fw={700} c="teal.9" tt="uppercase" size="sm">
          {content.tagline}
        </Text>
        <Title order={1} size={40}>
          {content.main_title}
        </Title>
        <Text size="xl" fw={500}>
          {content.main_subtitle}
        </Text>
        <Text size="md" fs="italic" c="dimmed">
          {content.short_message}
        </Text>
        <Text size="lg">{content.hero_description}</Text>
        <Group gap="md">
          {cta}
          <Text size="sm" c="dimmed">
            {FREE_ACCESS_NOTE}
          </Text>
        </Group>
      </Stack>
      <section aria-labelledby="join-features-title">
        <Title order={2} size="h3" id="join-features-title" mb="sm">
          What you get
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(4, content.features.length) }}>
          {content.features.map((feature) => {
            const Icon = ICONS[feature.icon];
            return (
              <Card key={`${feature.icon}-${feature.title}`} withBorder radius="md" padding="lg">
                <ThemeIcon size="lg" variant="light" mb="sm" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Title order={3} size="h5">
                  {feature.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {feature.description}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      </section>
      <Card withBorder radius="md" padding="xl" bg="blue.0" component="section" aria-labelledby="join-cta-title">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3" id="join-cta-title">
            {content.cta_subtitle}
          </Title>
          {cta}
          <Text size="sm">{FREE_ACCESS_NOTE}</Text>
        </Stack>
      </Card>
    </Stack>
  );
}

/** Network trouble or a server fault: say so, then go home after 3 seconds (spec 1 section 8). */
function ProcessingError() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), REFERRAL_ERROR_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <Alert color="red" title="Error processing referral link" role="alert">
      Taking you to the home page in a moment.
    </Alert>
  );
}

function InvalidCode() {
  return (
    <Stack gap="sm" align="flex-start" role="alert" maw={560}>
      <Title order={1} size="h2">
        Invalid referral code
      </Title>
      <Text>This invitation link does not match any member. Check that it was copied completely, or continue without one.</Text>
      <Button component={Link} to="/" variant="light">
        Go to the home page
      </Button>
    </Stack>
  );
}

/** /join?ref=CODE (spec 1 section 2.8): the referral landing page, content driven by the referrer. */
export function JoinPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref')?.trim() || null;
  const landing = useJoinLanding(ref);

  useEffect(() => {
    if (landing.data) rememberVisit(landing.data);
  }, [landing.data]);

  if (!ref) return <Navigate to="/" replace />;
  const isInvalid = landing.error instanceof ApiError && (landing.error.status === 404 || landing.error.status === 400);
  return (
    <Box>
      <PublicHeader brandLinksHome />
      <Container size="lg" component="main" py="xl">
        {landing.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading your invitation" />
          </Center>
        ) : landing.isError ? (
          isInvalid ? (
            <InvalidCode />
          ) : (
            <ProcessingError />
          )
        ) : (
          <Landing data={landing.data} />
        )}
      </Container>
      {/* Drawn once the invitation is in: below the spinner it was pushed down by the whole landing (Lighthouse CLS 0.41 at 1440 px). */}
      {!landing.isPending && <LegalFooter />}
    </Box>
  );
}
