import { Anchor, Badge, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollarsAndCents, getPlan, type Bias, type HomeConsensus, type HomeSection, type HomeSectionKey, type RoleHome, type RoleHomeData, type RoleHomeDataOf } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { formatPercent } from '../../../lib/percent.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useRoleHome } from '../api/dashboard-api.ts';
import { formatDay } from '../format.ts';

const day = (iso: string) => formatDay(iso.slice(0, 10));

const BIAS_WORDS: Record<Bias, string> = { long: 'Long', short: 'Short', neutral: 'Neutral' };

/** What a consensus event says: a confirmed call with its share, its end, or a window opening for votes. */
function eventText(event: HomeConsensus): string {
  if (event.event_type === 'consensus_confirmed' && event.bias && event.percentage !== null) return `${BIAS_WORDS[event.bias]} ${formatPercent(event.percentage)} confirmed`;
  if (event.event_type === 'consensus_exit') return 'Consensus ended';
  return 'Voting opened';
}

/** One section of a home: its heading, its content, and the link the home table gives it. */
function SectionCard({ section, children }: { section: HomeSection; children: ReactNode }) {
  const titleId = `home-${section.key}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId} data-testid={`home-${section.key}`}>
      <Stack gap="xs" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {section.title}
        </Title>
        <Stack gap={6} style={{ flex: 1 }}>
          {children}
        </Stack>
        <Anchor component={Link} to={section.link.path} size="sm" underline="always">
          {section.link.label}
        </Anchor>
      </Stack>
    </Card>
  );
}

const Dimmed = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed">
    {children}
  </Text>
);

function ConsensusLine({ event, now }: { event: HomeConsensus; now: number }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {event.asset_symbol} {event.timeframe_code}
      </Text>
      {`: ${eventText(event)} · ${formatRelativeTime(event.at, now)}`}
    </Text>
  );
}

function ConsensusList({ events, now, empty }: { events: HomeConsensus[]; now: number; empty: string }) {
  if (events.length === 0) return <Dimmed>{empty}</Dimmed>;
  return (
    <Stack gap={4}>
      {events.map((event) => (
        <ConsensusLine key={`${event.asset_symbol}-${event.timeframe_code}-${event.at}`} event={event} now={now} />
      ))}
    </Stack>
  );
}

function FollowedCells({ cells, refusal, now }: { cells: RoleHomeDataOf<'subscriber'>['followed_cells']; refusal: string | null; now: number }) {
  if (cells.length === 0) return <Dimmed>{refusal ?? 'You follow no cell yet. Follow a cell on the Trading Compass to get its alerts and see its latest change here.'}</Dimmed>;
  return (
    <Stack gap={4}>
      {cells.map((cell) =>
        cell.latest ? (
          <ConsensusLine key={`${cell.asset_symbol}-${cell.timeframe_code}`} event={cell.latest} now={now} />
        ) : (
          <Text key={`${cell.asset_symbol}-${cell.timeframe_code}`} size="sm">
            <Text span fw={600}>
              {cell.asset_symbol} {cell.timeframe_code}
            </Text>
            : no consensus yet
          </Text>
        ),
      )}
    </Stack>
  );
}

type Renderers<K extends RoleHomeData['kind']> = Partial<Record<HomeSectionKey, (data: RoleHomeDataOf<K>, now: number) => ReactNode>>;

const SUBSCRIBER: Renderers<'subscriber'> = {
  plan: ({ plan }) =>
    plan ? (
      <>
        <Group gap="xs">
          <Text fw={700} size="lg">
            {plan.name} plan
          </Text>
          <Badge variant="dot" color={plan.ends_on ? 'gray' : 'green'}>
            {plan.ends_on ? 'Cancelled' : plan.trial_ends_on ? 'Free days' : 'Active'}
          </Badge>
        </Group>
        {plan.trial_ends_on && !plan.ends_on ? (
          <Text size="sm">
            Free until {day(plan.trial_ends_on)}, then {formatDollarsAndCents(getPlan(plan.id).price_cents)} every {getPlan(plan.id).period}.
          </Text>
        ) : (
          plan.renews_on && <Text size="sm">Renews on {day(plan.renews_on)}.</Text>
        )}
        {plan.ends_on && <Text size="sm">Access until {day(plan.ends_on)}; nothing more is charged.</Text>}
      </>
    ) : (
      <Dimmed>You have no plan running. A plan opens live data on the Trading Compass, alerts and more.</Dimmed>
    ),
  picked_assets: ({ picked_assets, asset_limit, plan }) =>
    !plan ? (
      <Dimmed>Your plan decides how many assets you see.</Dimmed>
    ) : picked_assets === null ? (
      <Text size="sm">Your plan shows every asset.</Text>
    ) : (
      <>
        <Text size="sm">
          {picked_assets.length > 0 ? picked_assets.join(', ') : 'None picked yet'}
          {asset_limit !== null && ` (${picked_assets.length} of ${asset_limit})`}
        </Text>
        <Dimmed>You may change your pick once every 24 hours.</Dimmed>
      </>
    ),
  followed_cells: (data, now) => <FollowedCells cells={data.followed_cells} refusal={data.follow_refusal} now={now} />,
  recent_alerts: ({ recent_alerts }, now) =>
    recent_alerts.length === 0 ? (
      <Dimmed>No alert yet. Alerts come for the cells you follow.</Dimmed>
    ) : (
      <Stack gap={4}>
        {recent_alerts.map((alert) => (
          <Text key={alert.id} size="sm">
            <Text span fw={600}>
              {alert.title}
            </Text>
            {` · ${formatRelativeTime(alert.created_at, now)}`}
          </Text>
        ))}
      </Stack>
    ),
  next_plan: ({ next_plan, plan }) =>
    next_plan ? (
      <>
        <Text size="sm" fw={600}>
          {plan ? `The ${next_plan.name} plan adds:` : `The ${next_plan.name} plan gives:`}
        </Text>
        <List size="sm">
          {next_plan.adds.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </>
    ) : (
      <Text size="sm">You have the longest plan: every feature is yours.</Text>
    ),
};

const INVESTOR: Renderers<'investor'> = {
  followed_cells: (data, now) => <FollowedCells cells={data.followed_cells} refusal={data.follow_refusal} now={now} />,
  recent_consensus: ({ recent_consensus, delay_minutes, consensus_access }, now) =>
    consensus_access ? (
      <>
        {delay_minutes > 0 && <Dimmed>Your data runs {delay_minutes / 60} hours behind; a plan makes it live.</Dimmed>}
        <ConsensusList events={recent_consensus} now={now} empty="No consensus in the time you can see yet." />
      </>
    ) : (
      <Text size="sm">
        Where the Elite Pool leans on each market comes with a plan.{' '}
        <Anchor component={Link} to="/trading-subscription" underline="always" inherit>
          See the plans
        </Anchor>
      </Text>
    ),
  verified_traders: ({ verified_traders: verified }) => (
    <>
      <Text size="sm">
        <Text span fw={700}>
          {verified.verified} of {verified.traders}
        </Text>{' '}
        traders of the Elite Pool are Verified.
      </Text>
      <Dimmed>{verified.rule}</Dimmed>
      <List size="sm" spacing={2} aria-label="Verified traders by tier">
        {verified.groups.map((group) => (
          <List.Item key={group.label}>
            {group.label}: {group.verified} of {group.traders} Verified
          </List.Item>
        ))}
      </List>
      <Dimmed>Traders are shown by tier, never by name.</Dimmed>
    </>
  ),
  learning: ({ learning }) => (
    <Text size="sm">{learning.completed_modules === 0 ? 'You have not completed a module yet: start with the free modules.' : `You completed ${learning.completed_modules} ${learning.completed_modules === 1 ? 'module' : 'modules'}.`}</Text>
  ),
};

const TRIAL: Renderers<'trial'> = {
  trial_checklist: ({ trial, checklist }) => {
    const next = checklist.find((stage) => stage.status === 'coming_soon');
    return (
      <>
        <Text size="sm">
          {!trial
            ? 'Your trial is not running. Starting it opens, day by day:'
            : `Day ${trial.day} of your trial${next?.opens_on ? `. Next: ${next.name} on day ${next.day}, ${day(next.opens_on)}.` : ': every stage is open.'}`}
        </Text>
        <List size="sm" spacing={2}>
          {checklist.map((stage) => (
            <List.Item key={stage.day}>
              <Text span fw={stage.status === 'coming_soon' ? 700 : 400} size="sm">
                {stage.status === 'unlocked' ? '✓ ' : ''}Day {stage.day}, {stage.name}
              </Text>
              <Text span size="sm" c="dimmed">
                {`${stage.status === 'unlocked' ? ' (open)' : stage.opens_on ? ` (opens ${day(stage.opens_on)})` : ''}: ${stage.features.join(', ')}`}
              </Text>
            </List.Item>
          ))}
        </List>
      </>
    );
  },
  try_now: ({ try_now }) =>
    try_now.length === 0 ? (
      <Dimmed>Start your trial to try the Trading Compass and the Learning Hub.</Dimmed>
    ) : (
      <Stack gap={4}>
        {try_now.map((item) => (
          <Anchor key={item.feature} component={Link} to={item.path} size="sm">
            {item.name}
          </Anchor>
        ))}
      </Stack>
    ),
};

const TRADER: Renderers<'trader'> = {
  votes_needed: ({ in_pool, votes_needed, open_windows }, now) => {
    if (!in_pool) return <Dimmed>You are not in the Elite Pool, so no window waits for your vote. {open_windows} {open_windows === 1 ? 'window is' : 'windows are'} open.</Dimmed>;
    if (votes_needed.length === 0) return <Text size="sm">Nothing waits for your vote. {open_windows} {open_windows === 1 ? 'window is' : 'windows are'} open.</Text>;
    return (
      <Stack gap={4}>
        {votes_needed.map((window) => (
          <Text key={window.window_id} size="sm">
            <Text span fw={600}>
              {window.asset_symbol} {window.timeframe_code}
            </Text>
            {`: closes ${formatRelativeTime(window.closes_at, now)} · ${window.total_votes}/${window.pool_size} voted`}
          </Text>
        ))}
      </Stack>
    );
  },
  recent_consensus: ({ recent_consensus }, now) => <ConsensusList events={recent_consensus} now={now} empty="No consensus confirmed recently." />,
};

function Count({ n, one, many }: { n: number; one: string; many: string }) {
  return (
    <Text size="sm">
      <Text span fw={700} fz="xl" mr={6}>
        {n}
      </Text>
      {n === 1 ? one : many}
    </Text>
  );
}

const ADMIN: Renderers<'admin'> = {
  pending_goals: ({ pending_goals }) => <Count n={pending_goals} one="goal waits for review" many="goals wait for review" />,
  support_requests: ({ open_support_requests }) => <Count n={open_support_requests} one="request waits for an answer" many="requests wait for an answer" />,
  failed_jobs: ({ failed_jobs }) => <Count n={failed_jobs} one="operation failed and may be retried" many="operations failed and may be retried" />,
  commissions_waiting: ({ commissions_waiting }) => <Count n={commissions_waiting} one="commission is pending payout" many="commissions are pending payout" />,
};

const RENDERERS: { [K in RoleHomeData['kind']]: Renderers<K> } = { cockpit: {}, subscriber: SUBSCRIBER, investor: INVESTOR, trial: TRIAL, trader: TRADER, admin: ADMIN };

/** The home of a non-affiliate role: the sections of its row of ROLE_HOMES, from GET /api/dashboard/home. */
export function RoleHomeSections({ home }: { home: RoleHome }) {
  const data = useRoleHome();
  const now = useNow(60_000);
  if (data.isError) return <LoadError message={data.error.message} onRetry={() => void data.refetch()} />;
  const cols = { base: 1, md: 2 };
  if (!data.data) {
    return (
      <SimpleGrid cols={cols} aria-busy="true" aria-label="Your home is loading">
        {home.sections.map((section) => (
          <Skeleton key={section.key} h={140} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const loaded = data.data;
  // The server answers for the active role at the time of the request; a switch refetches.
  if (loaded.kind !== home.kind) return null;
  const renderers = RENDERERS[loaded.kind] as Renderers<typeof loaded.kind>;
  return (
    <SimpleGrid cols={cols} data-testid={`role-home-${home.kind}`}>
      {home.sections.map((section) => (
        <SectionCard key={section.key} section={section}>
          {renderers[section.key]?.(loaded as never, now)}
        </SectionCard>
      ))}
    </SimpleGrid>
  );
}
