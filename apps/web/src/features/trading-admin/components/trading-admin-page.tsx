import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { TRADING_DISCLAIMER, type UserProfile } from '@myeai/domain';
import { PageTabs } from '../../../components/ui/page-tabs.tsx';
import { useTradingAdminLiveRefresh } from '../hooks/use-trading-admin-live.ts';
import { LandingFiguresEditor } from './landing-figures-editor.tsx';
import { ReferralLandingEditor, ReferralMigrationPanel } from '../../referrals/index.ts';
import { AssetsTab } from './assets-tab.tsx';
import { ConsensusTab } from './consensus-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { StatCards } from './stat-cards.tsx';
import { TimeframesTab } from './timeframes-tab.tsx';
import { TradersTab } from './traders-tab.tsx';
import { ScreenTitle } from '../../../components/ui/screen-title.tsx';

type Tab = 'assets' | 'timeframes' | 'traders' | 'consensus' | 'migration' | 'landing' | 'settings';

export function TradingDisclaimer() {
  return (
    <Alert color="gray" variant="light" p="xs">
      <Text size="xs">{TRADING_DISCLAIMER}</Text>
    </Alert>
  );
}

/** /trading-admin, the System Command Center (spec 3 section 2.3). */
export function TradingAdminPage(_props: { user: UserProfile }) {
  const [tab, setTab] = useState<Tab>('assets');
  useTradingAdminLiveRefresh();
  return (
    <Stack gap="lg">
      <div>
        <ScreenTitle screen="/trading-admin" name="System Command Center" />
        <Text c="dimmed">MINI-CEO Ecosystem Management &amp; Intelligence</Text>
      </div>
      <StatCards />
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'assets', label: 'Assets', panel: <AssetsTab /> },
          { value: 'timeframes', label: 'Timeframes', panel: <TimeframesTab /> },
          { value: 'traders', label: 'Traders', panel: <TradersTab /> },
          { value: 'consensus', label: 'Consensus System', panel: <ConsensusTab /> },
          { value: 'migration', label: 'Referral Migration', panel: <ReferralMigrationPanel /> },
          {
            value: 'landing',
            label: 'Landing Page',
            panel: (
              <Stack gap="lg">
                <ReferralLandingEditor />
                <LandingFiguresEditor />
              </Stack>
            ),
          },
          { value: 'settings', label: 'Settings', panel: <SettingsTab /> },
        ]}
      />
      <TradingDisclaimer />
    </Stack>
  );
}
