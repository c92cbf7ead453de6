import { Alert, Button, Group, List, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  formatDollarsAndCents,
  getPlan,
  planChangeKind,
  planChangeWording,
  planFeatureLines,
  PLANS,
  type PlanChangeQuoteResponse,
  type PlanId,
  type ScheduledPlanChange,
} from '@myeai/domain';
import { formatLongDate } from '../api/subscriptions-api.ts';
import { useCancelScheduledChange, useChangePlan, usePlanChangePreview, useScheduledChange } from '../api/plan-change-api.ts';
import { READABLE_TITLE } from './readable-title.ts';

/**
 * "Change plan" on /trading-subscription (issue 31 item 4, decision 064): the member picks another
 * plan and reads, before confirming, what it costs ("You pay $X today, then $Y every N weeks from
 * DATE"); an upgrade starts at once, a downgrade at the end of the paid period, shown here as
 * scheduled with a Cancel.
 */
export function ChangePlan({ current }: { current: PlanId }) {
  const [open, setOpen] = useState(false);
  const scheduled = useScheduledChange(true);
  const change = scheduled.data?.scheduled_change ?? null;
  return (
    <Stack gap="sm">
      {change && <ScheduledChangeNotice change={change} />}
      <Group>
        <Button variant="light" onClick={() => setOpen(true)}>
          Change plan
        </Button>
      </Group>
      {open && <ChangePlanDialog current={current} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function ScheduledChangeNotice({ change }: { change: ScheduledPlanChange }) {
  const cancel = useCancelScheduledChange();
  const from = getPlan(change.from_plan);
  const to = getPlan(change.to_plan);
  const date = formatLongDate(change.effective_at);
  const cancelChange = () =>
    cancel.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', title: 'Plan change cancelled', message: `Your ${from.name} plan renews as it is.` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Failed to cancel the plan change. Please try again.', message: error.message }),
    });
  return (
    <Alert styles={READABLE_TITLE} color="blue" title={`Plan change scheduled: ${to.name} from ${date}`}>
      <Stack gap="xs">
        <Text size="sm">
          Your {from.name} plan and everything it includes stay until {date}. Then the {to.name} plan starts, at {formatDollarsAndCents(to.price_cents)} every {to.period}.
        </Text>
        <Group>
          <Button size="xs" variant="default" onClick={cancelChange} loading={cancel.isPending} aria-label={`Cancel change to the ${to.name} plan`}>
            Cancel change
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ChangePlanDialog({ current, onClose }: { current: PlanId; onClose: () => void }) {
  const [plan, setPlan] = useState<PlanId | null>(null);
  const preview = usePlanChangePreview(plan);
  const change = useChangePlan();
  const quote = preview.data?.quote ?? null;
  const confirm = () => {
    if (!plan || !quote) return;
    change.mutate(
      { plan, proratedAt: quote.prorated_at },
      {
        onSuccess: (result) => {
          onClose();
          const name = getPlan(plan).name;
          notifications.show(
            result.outcome === 'scheduled' && result.scheduled_change
              ? { color: 'green', title: 'Plan change scheduled', message: `Your plan changes to ${name} on ${formatLongDate(result.scheduled_change.effective_at)}.` }
              : { color: 'green', title: 'Plan changed', message: `Your plan is now ${name}.` },
          );
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Change plan" centered size="lg">
      <Stack>
        <Radio.Group label="Your new plan" description={`You have the ${getPlan(current).name} plan.`} value={plan} onChange={(value) => setPlan(value as PlanId)}>
          <Stack gap="xs" mt="xs">
            {PLANS.filter((candidate) => candidate.id !== current).map((candidate) => (
              <Radio
                key={candidate.id}
                value={candidate.id}
                label={`${candidate.name}: ${formatDollarsAndCents(candidate.price_cents)} every ${candidate.period} (${planChangeKind(current, candidate.id) === 'upgrade' ? 'upgrade, starts now' : 'downgrade, starts when your paid period ends'})`}
                description={planFeatureLines(candidate).slice(1).join(' · ')}
              />
            ))}
          </Stack>
        </Radio.Group>
        {plan && preview.isPending && <Skeleton h={72} />}
        {preview.isError && (
          <Alert color="red" role="alert">
            {preview.error.message}
          </Alert>
        )}
        {quote && <QuoteSummary quote={quote} />}
        {change.isError && (
          <Alert color="red" role="alert">
            {change.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep my plan
          </Button>
          <Button onClick={confirm} disabled={!quote || preview.isFetching} loading={change.isPending}>
            {quote ? confirmLabel(quote) : 'Confirm change'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function confirmLabel(quote: PlanChangeQuoteResponse): string {
  if (quote.timing === 'period_end') return `Change on ${formatLongDate(quote.effective_at)}`;
  return quote.amount_due_cents > 0 ? `Pay ${formatDollarsAndCents(quote.amount_due_cents)} and change now` : 'Change now';
}

/** What the change costs, in the spec's words, shown before confirming. */
function QuoteSummary({ quote }: { quote: PlanChangeQuoteResponse }) {
  const wording = planChangeWording(quote, formatLongDate);
  return (
    <Alert styles={READABLE_TITLE} color="gray" variant="outline" title={wording.headline} aria-live="polite">
      <List size="sm" spacing={4}>
        {wording.details.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
