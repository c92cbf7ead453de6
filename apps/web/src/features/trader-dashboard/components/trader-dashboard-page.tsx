import { Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { UserProfile } from '@myeai/domain';
import { TradingDisclaimer } from '../../subscriptions/index.ts';
import { useActiveWindows, useTraderProfile } from '../api/trader-desk-api.ts';
import { useDesktopAlerts } from '../hooks/use-desktop-alerts.ts';
import { useTraderLive } from '../hooks/use-trader-live.ts';
import { ActiveWindows } from './active-windows.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { MarketGrid, type MarketPair } from './market-grid.tsx';
import { OpenWindowModal } from './open-window-modal.tsx';
import { ProfileCard } from './profile-card.tsx';
import { RecentNotificationsCard } from './recent-notifications-card.tsx';
import { TraderTrackRecordCard } from './trader-track-record-card.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

/** /trader-dashboard (spec 3 section 2.2): profile, entry windows with sealed anonymous voting, market grid, live status. */
export function TraderDashboardPage({ user }: { user: UserProfile }) {
  const windows = useActiveWindows();
  const profile = useTraderProfile();
  const alerts = useDesktopAlerts();
  const live = useTraderLive({ onAlert: alerts.notify });
  const [opening, setOpening] = useState<MarketPair | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <ScreenTitle screen="/trader-dashboard" />
        <Text c="dimmed">Anonymous Consensus Voting Interface</Text>
      </div>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7, xl: 8 }}>
          <ProfileCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, xl: 4 }}>
          <Stack gap="md" h="100%">
            <ConnectionCard permission={alerts.permission} onEnableAlerts={() => void alerts.request()} />
            <RecentNotificationsCard />
          </Stack>
        </Grid.Col>
      </Grid>
      <ActiveWindows windows={windows} results={live.results} canVote={profile.data?.is_active ?? false} onDismissResult={live.dismissResult} />
      <MarketGrid canVote={profile.data?.is_active ?? false} onOpen={setOpening} />
      <TraderTrackRecordCard traderId={user.id} />
      <TradingDisclaimer />
      <OpenWindowModal pair={opening} onClose={() => setOpening(null)} />
    </Stack>
  );
}
