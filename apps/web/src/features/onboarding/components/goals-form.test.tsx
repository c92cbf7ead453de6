import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, fill, stubApi, validationFailure } from '../../../test/render.tsx';
import { useSetupGoals } from '../api/onboarding-api.ts';
import { GoalsStep, useGoalsForm } from './goals-step.tsx';

const SUBMISSION_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const TODAY = '2026-11-25';
const CREATED = { status: 'success', goals_created: 1, goals: [] };

afterEach(() => vi.unstubAllGlobals());

/** The goals step as the onboarding page submits it. */
function GoalsHarness() {
  const form = useGoalsForm(SUBMISSION_ID);
  const setup = useSetupGoals();
  const submit = form.onSubmit((input) => setup.mutate(input, { onError: (error) => form.setServerErrors(error) }));
  return (
    <>
      <GoalsStep form={form} today={TODAY} />
      <button type="button" onClick={() => submit()}>
        Submit goals
      </button>
    </>
  );
}

async function fillShortTerm(user: ReturnType<typeof renderWithProviders>['user'], target: string) {
  const short = within(screen.getByRole('group', { name: /Short term/ }));
  await fill(user, short.getByLabelText(/^Title/), ' Close my first three deals ');
  await fill(user, short.getByLabelText(/^Target value/), target);
  await fill(user, short.getByLabelText(/^Deadline/), '2027-01-09');
  await fill(user, short.getByLabelText(/^Why is this important/), 'A better life for my family');
  await user.click(short.getByRole('button', { name: 'Description and habits (optional)' }));
  await fill(user, short.getByLabelText(/^Daily habits \(optional/), 'Call two leads\n\nRead');
  return short;
}

describe('Onboarding goals step', () => {
  it('shows one goal with its four needed fields marked, the rest marked optional and folded away', async () => {
    const { user } = renderWithProviders(<GoalsHarness />);
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('aria-labelledby'))).toEqual(['goal-short_term-title']);
    const short = within(screen.getByRole('group', { name: /Short term/ }));
    for (const name of [/^Title/, /^Target value/, /^Deadline/, /^Why is this important/]) expect(short.getByLabelText(name)).toBeRequired();
    expect(short.getByLabelText(/^Deadline/)).toHaveAccessibleDescription('Between Nov 26, 2026 and Feb 24, 2027');
    expect(short.queryByLabelText(/^Description/)).toBeNull();
    await user.click(short.getByRole('button', { name: 'Description and habits (optional)' }));
    for (const name of ['Description (optional)', 'Daily habits (optional, one per line)', 'Weekly habits (optional, one per line)']) expect(short.getByLabelText(name)).not.toBeRequired();
    for (const tier of ['mid-term', 'long-term']) screen.getByRole('button', { name: `Add a ${tier} goal (optional)` });
  });


  it("shows the goal schema's message on a complete tier's field and sends nothing", async () => {
    const requests = stubApi(() => ({ status: 201, body: CREATED }));
    const { user } = renderWithProviders(<GoalsHarness />);
    const short = await fillShortTerm(user, '0');
    await user.click(screen.getByRole('button', { name: 'Submit goals' }));
    expect(short.getByLabelText(/^Target value/)).toHaveAccessibleDescription('The target must be above 0.');
    expect(requests).toEqual([]);
  });

  it('sends the complete tiers only, parsed (trimmed, target a number, habits one per line), with the submission id', async () => {
    const requests = stubApi(() => ({ status: 201, body: CREATED }));
    const { user } = renderWithProviders(<GoalsHarness />);
    await fillShortTerm(user, '1500');
    await user.click(screen.getByRole('button', { name: 'Add a mid-term goal (optional)' }));
    await fill(user, within(screen.getByRole('group', { name: /Mid term/ })).getByLabelText(/^Title/), 'Half done');
    await user.click(screen.getByRole('button', { name: 'Submit goals' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/api/goals/setup',
      body: {
        short_term: {
          goal_type: 'monetary',
          title: 'Close my first three deals',
          description: '',
          target_value: 1500,
          unit: 'USD',
          why_important: 'A better life for my family',
          daily_habits: ['Call two leads', 'Read'],
          weekly_habits: [],
          deadline: '2027-01-09',
        },
        submission_id: SUBMISSION_ID,
      },
    });
  });

  it("shows the server's deadline refusal on the tier's Deadline field", async () => {
    const message = 'A short-term goal needs a deadline within the next 13 weeks (Nov 26, 2026 to Feb 24, 2027).';
    stubApi(() => validationFailure([{ path: 'short_term.deadline', message }]));
    const { user } = renderWithProviders(<GoalsHarness />);
    const short = await fillShortTerm(user, '1500');
    await user.click(screen.getByRole('button', { name: 'Submit goals' }));
    await waitFor(() => expect(short.getByLabelText(/^Deadline/)).toHaveAccessibleDescription(expect.stringContaining(message)));
  });
});
