import { eq } from 'drizzle-orm';
import { siteContent, users, type Database } from '@myeai/db';
import { DEMO_ACCOUNTS, type LandingContent } from '@myeai/domain';
import type { Clock } from '../clock.ts';
import { createUser, getUserByEmail } from '../modules/auth/index.ts';
import { saveLandingContent } from '../modules/landing/index.ts';
import { seedDemoSubscription } from '../modules/subscriptions/index.ts';
import { seedAffiliateDemo } from '../modules/tracking/index.ts';
import { seedTradingDemo } from '../modules/trading/index.ts';
import { seedVideoWidgetsDemo } from '../modules/video-widgets/index.ts';

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

/** Seeds the demo database; safe to run on every start (it only adds what is missing). */
export async function seedDemoData(db: Database, clock: Clock): Promise<void> {
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
  await seedTradingDemo(db, clock);
  // The demo subscriber pays for the 52 Weeks plan, so the Trading Compass shows them everything.
  await seedDemoSubscription(db, clock, { email: 'subscriber@demo.myeai.local', plan: '52weeks' });
  await seedVideoWidgetsDemo(db, clock);
}
