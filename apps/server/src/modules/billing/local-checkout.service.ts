import { AppError, checkoutTrialEnd, isEntitledStatus, isPlanId, toProviderStatus, type LocalTestCard } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit } from '../audit/index.ts';
import { applyBillingEvent } from './apply-billing-event.ts';
import { cancelOpenCheckoutSession, getSubscriptionRow, lockUser, selectUserCheckoutSession } from './billing.queries.ts';
import { readCheckoutTrial } from './checkout-trial.ts';
import { localPaymentProvider } from './providers.ts';

const successUrl = (sessionId: string) => `/subscription-success?session_id=${encodeURIComponent(sessionId)}`;
export const LOCAL_CHECKOUT_CANCEL_URL = '/trading-subscription';

/**
 * The buyer pressed Confirm on the test checkout page. The embedded provider starts the
 * subscription and emits checkout.session.completed, customer.subscription.created and
 * invoice.paid, applied by the same applyBillingEvent as Stripe's webhooks. The trial is read at
 * confirmation: a running platform trial's remaining days, else 7 days if the allowance is
 * unused, else none (decision 024). Confirming again
 * (a double click, a reload) answers the same redirect and changes nothing.
 */
export async function confirmLocalCheckout(deps: AppDeps, userId: string, sessionId: string, card: LocalTestCard): Promise<{ redirect_url: string }> {
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('NOT_FOUND', 'Checkout session not found.');
    const session = await selectUserCheckoutSession(tx, userId, sessionId, 'local');
    if (!session || !isPlanId(session.plan)) throw new AppError('NOT_FOUND', 'Checkout session not found.');
    if (session.status === 'completed') return { redirect_url: successUrl(sessionId) };
    const now = deps.clock.now();
    if (session.status !== 'open' || session.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('CONFLICT', 'This checkout has expired or was cancelled. Please choose your plan again.');
    }
    const current = await getSubscriptionRow(tx, userId);
    if (current && isEntitledStatus(toProviderStatus(current.status)) && !current.cancelAtPeriodEnd) {
      throw new AppError('CONFLICT', 'You already have an active subscription.');
    }
    const trialEnd = checkoutTrialEnd(await readCheckoutTrial(tx, user, now), now);
    const events = await localPaymentProvider(deps).completeCheckout(tx, { providerSessionId: sessionId, userId, plan: session.plan, trialEnd }, card);
    for (const event of events) await applyBillingEvent(tx, { clock: deps.clock }, event);
    return { redirect_url: successUrl(sessionId) };
  });
}

/** The buyer pressed Cancel on the test checkout page: the session is closed and nothing is charged. */
export async function cancelLocalCheckout(deps: AppDeps, userId: string, sessionId: string): Promise<{ redirect_url: string }> {
  return deps.db.transaction(async (tx) => {
    const session = await cancelOpenCheckoutSession(tx, 'local', sessionId, userId);
    if (session) await recordAudit(tx, deps.clock, { actorId: userId, action: 'subscription.checkout_canceled', target: userId, details: { session_id: sessionId, plan: session.plan } });
    else {
      const existing = await selectUserCheckoutSession(tx, userId, sessionId, 'local');
      if (!existing) throw new AppError('NOT_FOUND', 'Checkout session not found.');
    }
    return { redirect_url: LOCAL_CHECKOUT_CANCEL_URL };
  });
}
