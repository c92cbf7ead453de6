import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollarsAndCents, getPlan, type CompassAccessInfo } from '@myeai/domain';
import { trialLockMessage } from '../traffic-light.ts';

const PREVIEW_DISMISSED_KEY = 'myeai.compass.preview-banner-dismissed';
const TITLE_STYLES = { title: { color: 'var(--mantine-color-text)' } };

function sessionFlag(): boolean {
  try {
    return window.sessionStorage.getItem(PREVIEW_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The newcomer's trial (spec 3 section 2.1): last 24 hours, 3 assets; premium timeframes from the trial's day 3 (the staged unlocks). */
function TrialBanner({ access }: { access: CompassAccessInfo }) {
  const trialLock = trialLockMessage(access);
  const premium = !access.premium_locked ? 'premium timeframes are open during your trial.' : trialLock ? `premium timeframes are locked. ${trialLock}` : 'premium timeframes are locked.';
  return (
    <Alert color="yellow" title="Limited Trial Access" styles={TITLE_STYLES}>
      You see the last {access.history_hours ?? 24} hours of {access.asset_limit ?? 3} assets at most, and {premium}{' '}
      <Anchor component={Link} to="/trading-subscription" underline="always" inherit>
        Choose a plan
      </Anchor>{' '}
      for every asset, timeframe and the full history.
    </Alert>
  );
}

/** Preview access (spec 3 section 4): data 2 hours behind; the banner can be dismissed for the session. */
function PreviewBanner({ access }: { access: CompassAccessInfo }) {
  const [dismissed, setDismissed] = useState(sessionFlag);
  if (dismissed) return null;
  const hours = access.delay_minutes / 60;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(PREVIEW_DISMISSED_KEY, '1');
    } catch {
      // Without storage the banner still closes for this page.
    }
    setDismissed(true);
  };
  return (
    <Alert color="blue" title="Preview access" withCloseButton onClose={dismiss} closeButtonLabel="Dismiss the preview notice" styles={TITLE_STYLES}>
      The grid shows the consensus as it was {Number.isInteger(hours) ? `${hours} hours` : `${access.delay_minutes} minutes`} ago, and premium timeframes are locked.
    </Alert>
  );
}

function UpsellBanner() {
  return (
    <Alert color="gray" variant="outline">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Live data on every timeframe, <strong>from {formatDollarsAndCents(getPlan('weekly').price_cents)}/week</strong>.
        </Text>
        <Button component={Link} to="/trading-subscription" size="xs">
          Upgrade Now
        </Button>
      </Group>
    </Alert>
  );
}

/** What the user's access level means, and the way to a plan when they have none. */
export function AccessBanners({ access }: { access: CompassAccessInfo }) {
  return (
    <>
      {access.level === 'trial' && <TrialBanner access={access} />}
      {access.level === 'preview' && <PreviewBanner access={access} />}
      {!access.has_plan && access.level !== 'subscriber' && <UpsellBanner />}
    </>
  );
}
