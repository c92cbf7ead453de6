import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.ts';
import { useActivateTrial } from '../api/trial-api.ts';
import { trackEvent } from '../api/track-event.ts';

/** Starts the one free trial; the spec's failure texts when the server refuses. */
export function ActivateTrialButton() {
  const activate = useActivateTrial();
  const onClick = () => {
    trackEvent({ event_type: 'action', component: 'trial-banner', action_details: { action_name: 'activate_trial' } });
    activate.mutate(undefined, {
      onSuccess: (answer) => notifications.show({ color: 'green', title: 'Trial activated', message: answer.message }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Trial activation failed',
          message: error instanceof ApiError && error.status === 400 ? error.message || 'Trial activation failed' : 'An error occurred while activating your trial',
        }),
    });
  };
  return (
    <Button onClick={onClick} loading={activate.isPending}>
      Activate my 7-day free trial
    </Button>
  );
}
