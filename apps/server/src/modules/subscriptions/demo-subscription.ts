import type { Database } from '@myeai/db';
import { getPlan, TERMS_VERSION, type PlanId } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { applyBillingEvent, getSubscriptionRow, insertCheckoutSession, LocalPaymentProvider, lockUser, setCheckoutSessionProvider } from '../billing/index.ts';
import { selectUserIdByEmail } from './subscriptions.queries.ts';

/**
 * Demo seed: gives a demo account a real, paid subscription through the embedded provider, the
 * way a buyer gets one (a checkout session with consent, completed with the test card that
 * succeeds, its events applied by applyBillingEvent), without a free trial. The provider renews
 * it at the period end through its cycle job. Idempotent: an account that has any subscription
 * row (running or ended) is left as it is, so a cancellation in the demo stays cancelled.
 *
 * The plan is bought `boughtDaysAgo` days before `clock`'s now (default 0).
 */
export async function seedDemoSubscription(db: Database, clock: Clock, input: { email: string; plan: PlanId; boughtDaysAgo?: number }): Promise<void> {
  const boughtAt: Clock = { now: () => new Date(clock.now().getTime() - (input.boughtDaysAgo ?? 0) * DAY_MS) };
  await db.transaction(async (tx) => {
    const found = await selectUserIdByEmail(tx, input.email);
    if (!found) return;
    await lockUser(tx, found.id);
    if (await getSubscriptionRow(tx, found.id)) return;
    const plan = getPlan(input.plan);
    const now = boughtAt.now();
    const provider = new LocalPaymentProvider(boughtAt);
    const checkoutId = await insertCheckoutSession(tx, {
      userId: found.id,
      provider: provider.kind,
      plan: plan.id,
      trialDays: 0,
      amountCents: plan.price_cents,
      termsAccepted: true,
      marketingAccepted: false,
      termsVersion: TERMS_VERSION,
      acceptedAt: now,
      ipAddress: null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    const created = await provider.createCheckoutSession({ checkoutId, userId: found.id, email: found.email, customerId: null, plan: plan.id, trial: { kind: 'none', days: 0, endsAt: null }, baseUrl: '' });
    await setCheckoutSessionProvider(tx, checkoutId, created);
    const events = await provider.completeCheckout(tx, { providerSessionId: created.providerSessionId, userId: found.id, plan: plan.id, trialEnd: null }, 'succeeds');
    for (const event of events) await applyBillingEvent(tx, { clock: boughtAt }, event);
  });
}

const DAY_MS = 86_400_000;
