import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GoalView } from '@myeai/domain';
import { renderWithProviders } from '../../../test/render.tsx';
import { GoalCard } from './goal-card.tsx';

const GOAL: GoalView = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  title: 'Finish the sales course',
  description: '',
  goal_type: 'skill',
  target_value: 100,
  current_value: 130,
  unit: '%',
  why_important: 'Better calls',
  daily_habits: ['Study', 'Practise', 'Read'],
  weekly_habits: ['Review', 'Plan'],
  deadline: '2026-12-01',
  status: 'approved',
  timeframe: 'short_term',
  created_at: '2026-11-01T00:00:00.000Z',
  submitted_at: '2026-11-01T00:00:00.000Z',
  review_feedback: null,
  reviewed_at: '2026-11-02T00:00:00.000Z',
  ledger_fed: false,
  progress_percent: 100,
  time_progress: 50,
  progress_status: 'ahead',
  velocity_per_week: 4,
  days_remaining: 6,
  goal_quality_score: 60,
  habits: [
    { cadence: 'daily', habit: 'Study', streak: 3, done_now: true },
    { cadence: 'daily', habit: 'Practise', streak: 0, done_now: false },
    { cadence: 'daily', habit: 'Read', streak: 0, done_now: false },
    { cadence: 'weekly', habit: 'Review', streak: 1, done_now: false },
    { cadence: 'weekly', habit: 'Plan', streak: 0, done_now: false },
  ],
  history: [],
};

describe('goal card (spec 2: Purpose Alignment Center)', () => {
  it('shows progress capped at 100%, the quality score, days left and at most 2 daily and 1 weekly habit', () => {
    renderWithProviders(
      <MemoryRouter>
        <GoalCard goal={GOAL} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('progressbar', { name: 'Progress of Finish the sales course' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Quality 60/100')).toBeInTheDocument();
    expect(screen.getByText('6 days left')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Study (daily, streak 3)', 'Practise (daily)', 'Review (weekly, streak 1)']);
    expect(screen.getByRole('link', { name: 'Update Progress: Finish the sales course' })).toHaveAttribute('href', `/goals/edit/${GOAL.id}`);
  });

  it('says Overdue at 0 days left or less, and shows the reviewer feedback of a goal sent back', () => {
    renderWithProviders(
      <MemoryRouter>
        <GoalCard goal={{ ...GOAL, days_remaining: 0, status: 'revision_requested', review_feedback: 'Say which course.' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('Say which course.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open: Finish the sales course' })).toBeInTheDocument();
  });
});
