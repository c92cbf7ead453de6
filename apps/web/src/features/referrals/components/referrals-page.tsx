import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Alert,
} from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandWhatsapp, IconBrandX, IconDownload, IconMail } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  BREAKDOWN_DEVICES,
  COMMISSION_FIGURES,
  decideAccess,
  findScreen,
  formatDollarsAndCents,
  MEMBER_STATUS_LABELS,
  RANK_LEVELS,
  REFERRAL_PERIODS_DAYS,
  type ReferralAnalytics,
  type ReferralDashboard,
  type ReferralPeriodDays,
  type UserProfile,
} from '@myeai/domain';
import { useIsBuilt } from '../../../lib/built-screens.ts';
import { formatDate } from '../../../lib/dates.ts';
import { formatPercent } from '../../../lib/percent.ts';
import { useReferralAnalytics, useReferralDashboard } from '../api/referral-programme-api.ts';
import { CopyField } from './copy-field.tsx';
import { SHARE_NETWORK_LABELS, SHARE_NETWORKS, shareUrl, type ShareNetwork } from './share-links.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { FigureCard } from '../../../components/ui/stat-tiles.tsx';
import { stickyCell } from '../../../components/ui/row-table.tsx';

const NETWORK_ICONS: Record<ShareNetwork, ReactNode> = {
  facebook: <IconBrandFacebook size={16} aria-hidden />,
  x: <IconBrandX size={16} aria-hidden />,
  linkedin: <IconBrandLinkedin size={16} aria-hidden />,
  whatsapp: <IconBrandWhatsapp size={16} aria-hidden />,
  email: <IconMail size={16} aria-hidden />,
};

// Light Gold and Bronze take dark text (autoContrast): white on yellow.9 or orange.9 is under 4.5:1.
const LEVEL_COLOURS: Record<string, string> = { Diamond: 'cyan.9', Gold: 'yellow.4', Silver: 'gray.7', Bronze: 'orange.4', Starter: 'blue.9' };
// The chart's axis: a short day of the period (the year is the period's).
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Spec 2 section 8: a failed load says so, with the server's detail, and offers Try Again. */
function FailedToLoad({ detail, onRetry }: { detail?: string; onRetry: () => void }) {
  return (
    <Alert color="red" title="Failed to load referral data" role="alert">
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Alert>
  );
}

function LinksCard({ info }: { info: ReferralDashboard['user_info'] }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          Your referral links
        </Title>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="sm" style={{ flex: '1 1 320px', minWidth: 0 }}>
            <CopyField label="Referral link" value={info.referral_link} />
            <CopyField label="Short link" value={info.short_link} />
            <CopyField label="Referral code" value={info.share_code} />
          </Stack>
          <Stack gap="xs" align="center">
            <Image src={info.qr_code_url} alt={`QR code for ${info.short_link}`} w={160} h={160} radius="sm" />
            <Group gap="xs">
              <Button component="a" href={info.qr_code_png_url} download="myeai-referral-qr.png" size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />}>
                PNG
              </Button>
              <Button component="a" href={info.qr_code_url} download="myeai-referral-qr.svg" size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />}>
                SVG
              </Button>
            </Group>
          </Stack>
        </Group>
        <div>
          <Text size="sm" fw={500} mb={6}>
            Share
          </Text>
          <Group gap="xs">
            {SHARE_NETWORKS.map((network) => (
              <Button
                key={network}
                component="a"
                href={shareUrl(network, { shortLink: info.short_link, text: info.share_text })}
                target={network === 'email' ? undefined : '_blank'}
                rel="noopener noreferrer"
                variant="default"
                size="sm"
                leftSection={NETWORK_ICONS[network]}
              >
                {SHARE_NETWORK_LABELS[network]}
              </Button>
            ))}
          </Group>
        </div>
      </Stack>
    </Card>
  );
}

/** What the referral figure counts (decision record 051), and where the total is, for a role that has that screen. */
function ReferralCommissionRule({ user }: { user: UserProfile }) {
  const isBuilt = useIsBuilt();
  const commissions = findScreen('/commissions');
  const canOpenCommissions = isBuilt('/commissions') && commissions !== undefined && decideAccess(commissions.access, { activeRole: user.active_role }) === 'allowed';
  return (
    <Text size="xs" c="dimmed" data-testid="referral-commission-rule">
      {COMMISSION_FIGURES.referral.label}: {COMMISSION_FIGURES.referral.rule}
      {canOpenCommissions && (
        <>
          {' '}
          Your {COMMISSION_FIGURES.total.label.toLowerCase()} are on{' '}
          <Anchor component={Link} to="/commissions" size="xs" underline="always">
            Commissions
          </Anchor>
          .
        </>
      )}
    </Text>
  );
}

function AnalyticsSection({ data, user }: { data: ReferralAnalytics; user: UserProfile }) {
  const deviceTotal = BREAKDOWN_DEVICES.reduce((sum, device) => sum + data.device_breakdown[device], 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <FigureCard label="Clicks" value={data.total_clicks.toLocaleString()} />
        <FigureCard label="Unique visitors" value={data.unique_visitors.toLocaleString()} />
        <FigureCard label="Sign-ups" value={data.signups.toLocaleString()} />
        <FigureCard label="Click-to-signup rate" value={formatPercent(data.click_to_signup_rate)} />
        <FigureCard label={COMMISSION_FIGURES.referral.label} value={formatDollarsAndCents(data.commission_earned_cents)} />
      </SimpleGrid>
      <ReferralCommissionRule user={user} />
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="sm">
          Clicks and sign-ups per day
        </Title>
        <BarChart
          h={220}
          data={data.daily.map((point) => ({ day: dayFormat.format(new Date(`${point.day}T00:00:00Z`)), Clicks: point.clicks, 'Sign-ups': point.signups }))}
          dataKey="day"
          series={[
            { name: 'Clicks', color: 'blue.7' },
            { name: 'Sign-ups', color: 'teal.8' },
          ]}
          tickLine="y"
          // Recharts drops labels that would overlap, so 90 days at 375 px stay readable.
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 28 }}
        />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="sm">
            Top traffic sources
          </Title>
          {data.top_sources.length === 0 ? (
            <Text size="sm" c="dimmed">
              No clicks in this period yet.
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th ta="right">Clicks</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.top_sources.map((source) => (
                  <Table.Tr key={source.source}>
                    <Table.Td>{source.source === 'direct' ? 'Direct (no referring site)' : source.source}</Table.Td>
                    <Table.Td ta="right">{source.count.toLocaleString()}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="sm">
            Devices
          </Title>
          <Stack gap="sm">
            {BREAKDOWN_DEVICES.map((device) => {
              const count = data.device_breakdown[device];
              const share = deviceTotal === 0 ? 0 : Math.round((count / deviceTotal) * 1000) / 10;
              return (
                <div key={device}>
                  <Group justify="space-between">
                    <Text size="sm" tt="capitalize">
                      {device}
                    </Text>
                    <Text size="sm">
                      {count.toLocaleString()} ({formatPercent(share)})
                    </Text>
                  </Group>
                  <Progress value={share} aria-label={`${device} share of clicks`} />
                </div>
              );
            })}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function PositionCard({ position }: { position: ReferralDashboard['leaderboard_position'] }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Your position
          </Title>
          <Badge size="lg" color={LEVEL_COLOURS[position.level]} autoContrast>
            {position.level}
          </Badge>
        </Group>
        <Text size="xl" fw={700}>
          #{position.overall_rank.toLocaleString()} <Text span size="sm" c="dimmed" fw={400}>of {position.ranked_users.toLocaleString()} members</Text>
        </Text>
        <Text size="sm">
          {position.total_referrals.toLocaleString()} credited {position.total_referrals === 1 ? 'referral' : 'referrals'} · {COMMISSION_FIGURES.referral.label} (all time): {formatDollarsAndCents(position.total_commission_cents)}
        </Text>
        <Text size="sm" c="dimmed">
          {position.next_level
            ? `${position.next_level.referrals_needed} more ${position.next_level.referrals_needed === 1 ? 'referral' : 'referrals'} to ${position.next_level.level}.`
            : 'Top level reached.'}
        </Text>
        <Text size="xs" c="dimmed">
          Levels by credited referrals: {RANK_LEVELS.map((entry) => `${entry.level} ${entry.min_referrals}+`).join(' · ')}.
        </Text>
      </Stack>
    </Card>
  );
}

function TeamCard({ members, total }: { members: ReferralDashboard['team_members']; total: number }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          Your team ({total.toLocaleString()})
        </Title>
        <Anchor component={Link} to="/my-team" size="sm">
          View all in My Team
        </Anchor>
      </Group>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has joined with your code yet. Share your link to grow your team.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={stickyCell.start}>Member</Table.Th>
                <Table.Th>Joined</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.user_id}>
                  <Table.Td className={stickyCell.start}>{member.display_name}</Table.Td>
                  <Table.Td>{formatDate(member.join_date)}</Table.Td>
                  <Table.Td>{MEMBER_STATUS_LABELS[member.current_status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** /referrals, the referral dashboard (spec 2 "Referral dashboard"; decision record 036). */
export function ReferralsPage(props: { user: UserProfile }) {
  const [days, setDays] = useState<ReferralPeriodDays>(30);
  const dashboard = useReferralDashboard();
  const analytics = useReferralAnalytics(days);
  const failed = dashboard.error ?? analytics.error;
  return (
    <Stack gap="lg">
      <PageHeader screen="/referrals" name="Referral Dashboard" subtitle="Every figure here counts your stored clicks and sign-ups.">
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(value) => setDays(Number(value) as ReferralPeriodDays)}
          data={REFERRAL_PERIODS_DAYS.map((period) => ({ value: String(period), label: `${period}d` }))}
        />
      </PageHeader>
      {failed ? (
        <FailedToLoad
          detail={failed.message}
          onRetry={() => {
            void dashboard.refetch();
            void analytics.refetch();
          }}
        />
      ) : (
        <>
          {dashboard.data ? <LinksCard info={dashboard.data.user_info} /> : <Skeleton h={260} />}
          {analytics.data ? <AnalyticsSection data={analytics.data} user={props.user} /> : <Skeleton h={420} />}
          {dashboard.data ? (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <TeamCard members={dashboard.data.team_members} total={dashboard.data.team_total} />
              <PositionCard position={dashboard.data.leaderboard_position} />
            </SimpleGrid>
          ) : (
            <Skeleton h={240} />
          )}
        </>
      )}
    </Stack>
  );
}
