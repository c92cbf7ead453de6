import { Alert, Button, CloseButton, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClockHour4, IconInfoCircle, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRemainingTime, trialBannerTone, trialTimeLeftText, type AccessLevel } from '@myeai/domain';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAccessLevel, useTrialStatus } from '../api/trial-api.ts';
import { ActivateTrialButton } from './activate-trial-button.tsx';

/** Session-storage key of a dismissed preview / expired-trial banner (dismissible for the session). */
const DISMISS_KEY = 'myeai.access_banner_dismissed';

/** The tone is the banner's tint and icon; its title keeps the body text colour (orange and yellow text fail contrast). */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === '1';
  } catch {
    return false;
  }
}

function RunningTrialBanner() {
  const status = useTrialStatus(true);
  if (status.isError) return <LoadError message={status.error.message} onRetry={() => void status.refetch()} />;
  if (!status.data) return <Skeleton h={64} />;
  const tone = trialBannerTone(status.data);
  const { trial_started_at: startedAt, trial_ends_at: endsAt } = status.data;
  const time = { days: status.data.days_remaining, hours: status.data.hours_remaining, minutes: status.data.minutes_remaining };
  const left = startedAt && endsAt ? trialTimeLeftText(time, new Date(startedAt), new Date(endsAt)) : `${formatRemainingTime(time)} left in your trial.`;
  return (
    <Alert color={tone} variant="light" icon={<IconClockHour4 aria-hidden />} title="Your free trial" styles={READABLE_TITLE} data-tone={tone} data-testid="trial-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{status.data.is_expired ? 'Your trial has ended.' : left}</Text>
        <Button component={Link} to="/trading-subscription" size="xs">
          See plans
        </Button>
      </Group>
    </Alert>
  );
}

function PreviewBanner({ access, onDismiss }: { access: AccessLevel; onDismiss: () => void }) {
  const expired = access.access_level === 'expired_trial';
  return (
    <Alert
      color={expired ? 'red' : 'blue'}
      variant="light"
      icon={expired ? <IconClockHour4 aria-hidden /> : <IconInfoCircle aria-hidden />}
      title={expired ? 'Your free trial has ended' : 'You are in preview mode'}
      styles={READABLE_TITLE}
      data-testid="access-banner"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm">
            {expired
              ? 'Market data is delayed by 2 hours again. Choose a plan to get real-time data and every feature back; plans are charged from the first day.'
              : 'Preview access: market data is delayed by 2 hours and premium features are locked.'}
          </Text>
          <CloseButton aria-label="Dismiss for this session" onClick={onDismiss} />
        </Group>
        <Group gap="sm">
          {!expired && !access.goals_completed && (
            <Button component={Link} to="/onboarding" leftSection={<IconLockOpen size={16} aria-hidden />}>
              Complete onboarding to unlock your free trial
            </Button>
          )}
          {access.can_activate_trial && <ActivateTrialButton />}
          {(expired || (access.free_trial_used && access.access_level === 'preview')) && (
            <Button component={Link} to="/trading-subscription" variant={expired ? 'filled' : 'light'} color={expired ? 'red' : 'blue'}>
              Choose a plan
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The newcomer's trial banner: remaining time with the tone table, or the preview / expired banner. */
export function TrialBanner() {
  const access = useAccessLevel();
  const [dismissed, setDismissed] = useState(readDismissed);
  if (access.isError) return <LoadError message="Failed to load access information" onRetry={() => void access.refetch()} />;
  if (!access.data) return <Skeleton h={64} />;
  if (access.data.access_level === 'trial') return <RunningTrialBanner />;
  if (access.data.access_level === 'subscriber' || dismissed) return null;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      // storage disabled: dismissed for this page view only
    }
    setDismissed(true);
  };
  return <PreviewBanner access={access.data} onDismiss={dismiss} />;
}
