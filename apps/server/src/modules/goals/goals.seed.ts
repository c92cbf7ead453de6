import type { Database, Transaction } from '@myeai/db';
import { GoalCheckInInputSchema, GoalSetupInputSchema, isoDay, type GoalSetupItem, type GoalTimeframe, type ReviewAction } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { reviewGoal } from './goal-review.service.ts';
import { recordCheckIn } from './goal-owner.service.ts';
import { setupGoals } from './goals.service.ts';
import { selectActiveRole, updateActiveRole, userHasAnyGoal } from './goals.queries.ts';

const DAY_MS = 86_400_000;

type DemoGoal = {
  timeframe: GoalTimeframe;
  /** Submitted this many days before the seed's now; the deadline is `deadlineInDays` after that. */
  submittedDaysAgo: number;
  deadlineInDays: number;
  item: Omit<GoalSetupItem, 'deadline' | 'description'> & { description?: string };
  /** Reviewed a day after it was submitted, by the admin (the second admin for the admin's own goal) or (for a member they referred) the affiliate. */
  review?: { action: ReviewAction; by: 'admin' | 'affiliate'; feedback?: string };
  /** Check-ins as [days ago, value]; reaching the target completes the goal, as "Update Progress" does. */
  checkIns?: [number, number][];
};

const habits = { daily_habits: [] as string[], weekly_habits: [] as string[] };

/**
 * The demo users' goals (issue 26 item 7), one of each lifecycle state among them: pending approval
 * (the affiliate's long-term goal, the newcomer's first goal in the affiliate's review queue, the
 * free user's, the admin's), approved and running (ledger-fed and check-in goals), rejected,
 * revision requested and completed (by check-ins reaching the target).
 */
const GOALS: Record<string, DemoGoal[]> = {
  'affiliate@demo.myeai.local': [
    {
      timeframe: 'short_term',
      submittedDaysAgo: 25,
      deadlineInDays: 85,
      item: { goal_type: 'monetary', title: 'Earn $2,500 in commissions this quarter', target_value: 2_500, unit: 'USD', why_important: 'It covers my share of the family budget, so the business pays for itself.', daily_habits: ['Reach out to 5 leads'], weekly_habits: ['Share my link in two groups'] },
      review: { action: 'approve', by: 'admin' },
    },
    {
      timeframe: 'mid_term',
      submittedDaysAgo: 40,
      deadlineInDays: 200,
      item: { goal_type: 'lifestyle', title: 'Sign 12 new clients', target_value: 12, unit: 'count', why_important: 'Twelve steady clients make my income predictable.', ...habits, weekly_habits: ['Follow up with every qualified lead'] },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [30, 3],
        [15, 5],
        [5, 7],
      ],
    },
    {
      timeframe: 'short_term',
      submittedDaysAgo: 30,
      deadlineInDays: 60,
      item: { goal_type: 'skill', title: 'Finish the outreach lessons', target_value: 100, unit: '%', why_important: 'Better first messages mean fewer lost leads.', ...habits },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [20, 40],
        [8, 100],
      ],
    },
    {
      timeframe: 'long_term',
      submittedDaysAgo: 2,
      deadlineInDays: 730,
      item: { goal_type: 'lifestyle', title: 'Build a team of 25 active members', target_value: 25, unit: 'count', why_important: 'A team that earns without me lets me take a month off every year.', ...habits },
    },
  ],
  'newcomer@demo.myeai.local': [
    {
      timeframe: 'short_term',
      submittedDaysAgo: 3,
      deadlineInDays: 60,
      item: { goal_type: 'monetary', title: 'Earn my first $100', target_value: 100, unit: 'USD', why_important: 'Proof that this works for me too.', ...habits, daily_habits: ['Watch one lesson'] },
    },
    {
      timeframe: 'mid_term',
      submittedDaysAgo: 6,
      deadlineInDays: 150,
      item: { goal_type: 'skill', title: 'Learn to qualify leads', target_value: 100, unit: '%', why_important: 'I want to spend my time on people who are ready.', ...habits },
      review: { action: 'request_revision', by: 'affiliate', feedback: 'Make it measurable: how many qualified leads, by when?' },
    },
    {
      timeframe: 'short_term',
      submittedDaysAgo: 5,
      deadlineInDays: 30,
      item: { goal_type: 'skill', title: 'Finish the first three lessons', target_value: 3, unit: 'count', why_important: 'A solid start before I talk to anyone.', ...habits, daily_habits: ['Watch one lesson'] },
      review: { action: 'approve', by: 'affiliate' },
      checkIns: [[2, 1]],
    },
  ],
  'trader@demo.myeai.local': [
    {
      timeframe: 'short_term',
      submittedDaysAgo: 20,
      deadlineInDays: 70,
      item: { goal_type: 'skill', title: 'Vote in 95% of my windows', target_value: 95, unit: '%', why_important: 'The pool counts on every vote.', ...habits, daily_habits: ['Check the open windows at the session start'] },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [10, 80],
        [3, 88],
      ],
    },
    {
      timeframe: 'long_term',
      submittedDaysAgo: 12,
      deadlineInDays: 500,
      item: { goal_type: 'monetary', title: 'Earn $50,000 from trading', target_value: 50_000, unit: 'USD', why_important: 'Trading full time.', ...habits },
      review: { action: 'reject', by: 'admin', feedback: 'A long-term income goal needs a plan: add the habits that will get you there and resubmit.' },
    },
  ],
  'investor@demo.myeai.local': [
    {
      timeframe: 'mid_term',
      submittedDaysAgo: 18,
      deadlineInDays: 180,
      item: { goal_type: 'lifestyle', title: 'Review the Compass every trading week', target_value: 26, unit: 'count', why_important: 'Steady habits beat big bets.', ...habits, weekly_habits: ['Read the weekly consensus'] },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [11, 2],
        [4, 4],
      ],
    },
    {
      timeframe: 'short_term',
      submittedDaysAgo: 5,
      deadlineInDays: 45,
      item: { goal_type: 'skill', title: 'Understand consensus signals', target_value: 100, unit: '%', why_important: 'I want to know what I am following.', ...habits },
      review: { action: 'request_revision', by: 'admin', feedback: 'Name the lessons you will finish, so progress can be measured.' },
    },
  ],
  'subscriber@demo.myeai.local': [
    {
      timeframe: 'short_term',
      submittedDaysAgo: 16,
      deadlineInDays: 60,
      item: { goal_type: 'skill', title: 'Complete 5 learning modules', target_value: 5, unit: 'count', why_important: 'Learning first, then trading.', ...habits },
      review: { action: 'approve', by: 'admin' },
      checkIns: [[6, 2]],
    },
    {
      timeframe: 'short_term',
      submittedDaysAgo: 35,
      deadlineInDays: 30,
      item: { goal_type: 'lifestyle', title: 'Trade only confirmed signals for 4 weeks', target_value: 4, unit: 'count', why_important: 'Discipline before size.', ...habits, weekly_habits: ['Write a trade journal entry'] },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [27, 1],
        [20, 2],
        [13, 3],
        [6, 4],
      ],
    },
  ],
  'free@demo.myeai.local': [
    {
      timeframe: 'short_term',
      submittedDaysAgo: 1,
      deadlineInDays: 30,
      item: { goal_type: 'skill', title: 'Finish the free lessons', target_value: 2, unit: 'count', why_important: 'To decide whether a plan is worth it.', ...habits },
    },
    {
      timeframe: 'short_term',
      submittedDaysAgo: 28,
      deadlineInDays: 45,
      item: { goal_type: 'lifestyle', title: 'Follow one market every day for a month', target_value: 30, unit: 'count', why_important: 'To see whether the consensus helps me.', ...habits, daily_habits: ['Read the consensus of my market'] },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [20, 8],
        [9, 19],
      ],
    },
  ],
  'multi@demo.myeai.local': [
    {
      timeframe: 'mid_term',
      submittedDaysAgo: 14,
      deadlineInDays: 180,
      item: { goal_type: 'monetary', title: 'Earn $2,000 a month from my network', target_value: 2_000, unit: 'USD', why_important: 'Replacing my salary.', ...habits, daily_habits: ['Check in with one team member'] },
      review: { action: 'approve', by: 'admin' },
    },
  ],
  'admin@demo.myeai.local': [
    {
      timeframe: 'long_term',
      submittedDaysAgo: 4,
      deadlineInDays: 1_000,
      item: { goal_type: 'lifestyle', title: 'Grow MYEAI to 1,000 members', target_value: 1_000, unit: 'count', why_important: 'A community large enough to support itself.', ...habits },
    },
    {
      timeframe: 'short_term',
      submittedDaysAgo: 24,
      deadlineInDays: 40,
      item: { goal_type: 'skill', title: 'Publish 4 learning modules', target_value: 4, unit: 'count', why_important: 'Newcomers learn before they sell.', ...habits, weekly_habits: ['Record one lesson'] },
      review: { action: 'approve', by: 'admin' },
      checkIns: [
        [16, 2],
        [3, 4],
      ],
    },
  ],
  // The demo's trials (seedTrialsDemo) start with a goal, as activateTrial requires.
  ...Object.fromEntries(
    (
      [
        ['yuki.tanaka@example.com', 2],
        ['omar.farouk@example.com', 16],
        ['lena.novak@example.com', 13],
      ] as const
    ).map(([email, days]) => [
      email,
      [
        {
          timeframe: 'short_term',
          submittedDaysAgo: days,
          deadlineInDays: 60,
          item: { goal_type: 'monetary', title: 'Earn my first $100', target_value: 100, unit: 'USD', why_important: 'Proof that this works for me.', ...habits },
          review: { action: 'approve', by: 'admin' },
        },
      ] satisfies DemoGoal[],
    ]),
  ),
};

const at = (base: number, daysAgo: number): Clock => ({ now: () => new Date(base - daysAgo * DAY_MS) });

/**
 * Writes the demo goals through the goal services: submitted by setupGoals (deadline window,
 * quality score), reviewed by reviewGoal (who may review whom, audit, the owner's notification),
 * moved by recordCheckIn (completion when the target is reached). A user who has any goal is
 * left alone. `users` maps the demo e-mails to their ids.
 */
export async function seedGoalsDemo(db: Database, clock: Clock, users: ReadonlyMap<string, string>): Promise<void> {
  // One transaction (each service's own becomes a savepoint): a start cut short leaves no user half seeded.
  await db.transaction((tx) => seedGoals(tx, clock, users));
}

async function seedGoals(db: Transaction, clock: Clock, users: ReadonlyMap<string, string>): Promise<void> {
  const base = clock.now().getTime();
  const adminId = users.get('admin@demo.myeai.local');
  const affiliateId = users.get('affiliate@demo.myeai.local');
  const secondAdminId = users.get('multi@demo.myeai.local');
  for (const [email, goals] of Object.entries(GOALS)) {
    const userId = users.get(email);
    if (!userId || (await userHasAnyGoal(db, userId))) continue;
    for (const goal of goals) {
      const submitted = at(base, goal.submittedDaysAgo);
      const deadline = isoDay(new Date(submitted.now().getTime() + goal.deadlineInDays * DAY_MS));
      const input = GoalSetupInputSchema.parse({ [goal.timeframe]: { ...goal.item, deadline } });
      const [created] = await setupGoals(db, submitted, userId, input);
      if (goal.review) {
        const reviewerId = goal.review.by === 'affiliate' ? affiliateId : userId === adminId ? secondAdminId : adminId;
        if (!reviewerId) continue;
        // The second admin holds several roles: they switch to Admin to review the admin's goal, then back.
        const roleBefore = await selectActiveRole(db, reviewerId);
        if (goal.review.by === 'admin' && roleBefore && roleBefore !== 'admin') await updateActiveRole(db, reviewerId, 'admin');
        await reviewGoal({ db, clock: at(base, goal.submittedDaysAgo - 1) }, { goalId: created!.id, reviewerId, action: goal.review.action, feedback: goal.review.feedback });
        if (roleBefore && roleBefore !== (await selectActiveRole(db, reviewerId))) await updateActiveRole(db, reviewerId, roleBefore);
      }
      for (const [daysAgo, value] of goal.checkIns ?? []) {
        await recordCheckIn({ db, clock: at(base, daysAgo) }, userId, created!.id, GoalCheckInInputSchema.parse({ value }));
      }
    }
  }
}
