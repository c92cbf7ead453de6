import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { siteContent, users, type Database } from '@myeai/db';
import { DEMO_ACCOUNTS, type LandingContent } from '@myeai/domain';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../env.ts';
import { createUser, getUserByEmail } from '../modules/auth/index.ts';
import { seedDemoRefund } from '../modules/billing/index.ts';
import { seedCommissionCellsDemo } from '../modules/commission-cells/index.ts';
import { seedGoalsDemo } from '../modules/goals/index.ts';
import { saveLandingContent } from '../modules/landing/index.ts';
import { seedLeadsDemo } from '../modules/leads/index.ts';
import { seedMarketDataDemo } from '../modules/market-data/index.ts';
import { seedPayoutsDemo } from '../modules/payouts/index.ts';
import { restoreLearningDemoFiles, seedLearningDemo, type LearningDemoAssets } from '../modules/learning/index.ts';
import { seedCirclesDemo, seedReferralDemo } from '../modules/referrals/index.ts';
import { seedDemoSubscription } from '../modules/subscriptions/index.ts';
import { seedAffiliateDemo, seedReversalDemo } from '../modules/tracking/index.ts';
import { seedTradingDemo } from '../modules/trading/index.ts';
import { seedTradingAlertsDemo } from '../modules/trading-alerts/index.ts';
import { seedTrialsDemo } from '../modules/trials/index.ts';
import { seedVideoWidgetsDemo } from '../modules/video-widgets/index.ts';

/** The committed files the demo's learning modules are made of (read where the server runs from source). */
const LEARNING_ASSETS: LearningDemoAssets = {
  video: join(import.meta.dirname, 'assets', 'learning-clip.webm'),
  pdf: join(import.meta.dirname, 'assets', 'learning-guide.pdf'),
};

/** Where the seed stores the learning files it uploads: the app's UPLOADS_DIR. */
export type DemoSeedConfig = Pick<AppConfig, 'uploadsDir' | 'learningUploadMaxBytes'> & { payoutDetailsKey?: string | undefined };

/** Example marketing copy of the demo database; an admin edits it through PUT /api/admin/landing. */
const DEMO_LANDING: LandingContent = {
  figures: [
    { label: 'Average monthly growth', value: '+18%' },
    { label: 'Network conversion', value: '32%' },
    { label: 'Active opportunities', value: '120+' },
  ],
  community_url: 'https://t.me/myeai_community',
  community_name: 'the MYEAI Telegram community',
};

/**
 * Seeds the demo database; safe to run on every start (it only adds what is missing). Everything is
 * written through the modules' own services, dated back from `clock`, so every figure on a screen is
 * computed from these rows (issue 26 item 7: every sidebar screen of every demo role shows data).
 */
export async function seedDemoData(db: Database, clock: Clock, config: DemoSeedConfig): Promise<void> {
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      if (await getUserByEmail(tx, account.email)) continue;
      const created = await createUser(tx, clock, { email: account.email, name: account.name, roles: [...account.roles], isDemo: true });
      // The demo accounts start with no goals; they have "skipped" the goal quick-setup modal, so it
      // does not cover every screen of a demo (it asks again GOAL_SETUP_SKIP_DAYS later; docs/decisions/045).
      await tx.update(users).set({ goalSetupSkippedAt: clock.now() }).where(eq(users.id, created.id));
    }
    const affiliate = await getUserByEmail(tx, 'affiliate@demo.myeai.local');
    const newcomer = await getUserByEmail(tx, 'newcomer@demo.myeai.local');
    if (affiliate && newcomer && !newcomer.referredBy) {
      await tx.update(users).set({ referredBy: affiliate.id, referralCodeUsed: affiliate.referralCode, referredAt: clock.now() }).where(eq(users.id, newcomer.id));
    }
  });
  const [landing] = await db.select({ key: siteContent.key }).from(siteContent).where(eq(siteContent.key, 'landing')).limit(1);
  if (!landing) await saveLandingContent(db, clock, null, DEMO_LANDING);
  await seedAffiliateDemo(db, clock);
  // One merchant reversal of a paid sale (decision 066): a negative line on /commissions, /earnings and the finance view.
  await seedReversalDemo(db, clock);
  await seedTradingDemo(db, clock);
  // The demo subscriber has paid for the 52 Weeks plan for 9 days, so the Trading Compass shows them
  // everything and their followed cell has alerts.
  await seedDemoSubscription(db, clock, { email: 'subscriber@demo.myeai.local', plan: '52weeks', boughtDaysAgo: 9 });
  await seedVideoWidgetsDemo(db, clock);

  // The affiliate's members, their sales and flagged sign-ups, every other account's small circle, then the cells they sit in.
  await seedReferralDemo(db, clock);
  await seedCirclesDemo(db, clock);
  const ids = await userIdsByEmail(db);
  const admin = ids.get('admin@demo.myeai.local');
  if (!admin) return;
  // A week of 5-minute prices for every asset, imported as the admin would: the seeded calls and votes are scored (decision 068).
  await seedMarketDataDemo(db, clock, admin);
  await seedCommissionCellsDemo(db, clock, admin, ids);
  await seedGoalsDemo(db, clock, ids);
  // Trials of members of the circles: one running, one expired, one converted to a paid plan.
  await seedTrialsDemo(db, clock, DEMO_TRIALS.flatMap(({ email, startedDaysAgo }) => (ids.get(email) ? [{ userId: ids.get(email)!, startedDaysAgo }] : [])));
  await seedDemoSubscription(db, clock, { email: 'omar.farouk@example.com', plan: '4weeks', boughtDaysAgo: 12 });
  // One refunded payment (decision 065): a third of Omar's, for a technical fault, three days ago.
  const omar = ids.get('omar.farouk@example.com');
  if (omar) await seedDemoRefund(db, clock, { userId: omar, adminId: admin, amountCents: 2300, reason: 'technical_fault', note: 'The compass showed no data for two days of this period.', daysAgo: 3 });
  const subscriber = ids.get('subscriber@demo.myeai.local');
  if (subscriber) await seedTradingAlertsDemo(db, clock, [{ userId: subscriber, followedDaysAgo: 8 }]);
  const affiliate = ids.get('affiliate@demo.myeai.local');
  if (affiliate) await seedLeadsDemo(db, clock, affiliate, 32);
  const multi = ids.get('multi@demo.myeai.local');
  if (multi) await seedLeadsDemo(db, clock, multi, 8, 32);
  await seedLearningDemo(db, clock, config, admin, LEARNING_ASSETS);
  // Payout methods of the demo earners, a paid weekly batch and one waiting for approval (decision 063).
  await seedPayoutsDemo(db, clock, config);
}

const DEMO_TRIALS = [
  { email: 'yuki.tanaka@example.com', startedDaysAgo: 2 },
  { email: 'lena.novak@example.com', startedDaysAgo: 13 },
  { email: 'omar.farouk@example.com', startedDaysAgo: 16 },
];

/** Every account's id by e-mail: the demo accounts and the members the seed signed up (a demo database is small). */
async function userIdsByEmail(db: Database): Promise<Map<string, string>> {
  const rows = await db.select({ id: users.id, email: users.email }).from(users);
  return new Map(rows.map((row) => [row.email, row.id]));
}

/**
 * Puts back the files of the seeded learning modules missing from `config`'s UPLOADS_DIR: a test
 * app starts on a copy of the seeded database with an empty uploads folder of its own.
 */
export async function restoreDemoFiles(db: Database, config: Pick<AppConfig, 'uploadsDir'>): Promise<void> {
  await restoreLearningDemoFiles(db, config, LEARNING_ASSETS);
}
