import { Button } from '@mantine/core';
import { TRIAL_LENGTH_DAYS } from '@myeai/domain';
import { useActivateTrial } from '../api/trial-api.ts';
import { trackEvent } from '../api/track-event.ts';

/** Starts the one free trial (the hook tells the outcome). */
export function ActivateTrialButton() {
  const activate = useActivateTrial();
  const onClick = () => {
    trackEvent({ event_type: 'action', component: 'trial-banner', action_details: { action_name: 'activate_trial' } });
    activate.mutate();
  };
  return (
    <Button onClick={onClick} loading={activate.isPending}>
      Activate my {TRIAL_LENGTH_DAYS}-day free trial
    </Button>
  );
}
