import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TRADING_DISCLAIMER, type UserProfile } from '@myeai/domain';
import { useTradingAdminLiveRefresh } from '../hooks/use-trading-admin-live.ts';
import { LandingFiguresEditor } from '../../landing/index.ts';
import { ReferralLandingEditor, ReferralMigrationPanel } from '../../referrals/index.ts';
import { AssetsTab } from './assets-tab.tsx';
import { ConsensusTab } from './consensus-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { StatCards } from './stat-cards.tsx';
import { TimeframesTab } from './timeframes-tab.tsx';
import { TradersTab } from './traders-tab.tsx';

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
        <Title order={1}>System Command Center</Title>
        <Text c="dimmed">MINI-CEO Ecosystem Management &amp; Intelligence</Text>
      </div>
      <StatCards />
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'assets')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="assets">Assets</Tabs.Tab>
          <Tabs.Tab value="timeframes">Timeframes</Tabs.Tab>
          <Tabs.Tab value="traders">Traders</Tabs.Tab>
          <Tabs.Tab value="consensus">Consensus System</Tabs.Tab>
          <Tabs.Tab value="migration">Referral Migration</Tabs.Tab>
          <Tabs.Tab value="landing">Landing Page</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="assets" pt="md">
          <AssetsTab />
        </Tabs.Panel>
        <Tabs.Panel value="timeframes" pt="md">
          <TimeframesTab />
        </Tabs.Panel>
        <Tabs.Panel value="traders" pt="md">
          <TradersTab />
        </Tabs.Panel>
        <Tabs.Panel value="consensus" pt="md">
          <ConsensusTab />
        </Tabs.Panel>
        <Tabs.Panel value="migration" pt="md">
          <ReferralMigrationPanel />
        </Tabs.Panel>
        <Tabs.Panel value="landing" pt="md">
          <Stack gap="lg">
            <ReferralLandingEditor />
            <LandingFiguresEditor />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab />
        </Tabs.Panel>
      </Tabs>
      <TradingDisclaimer />
    </Stack>
  );
}
