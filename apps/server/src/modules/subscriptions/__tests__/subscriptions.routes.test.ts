import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, checkoutSessions, mailOutbox, users } from '@myeai/db';
import { TERMS_VERSION } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { saveNotificationSettings } from '../../notifications/index.ts';

const DAY = 86_400_000;
const CONSENT = { terms_accepted: true, marketing_accepted: false };

describe.each(testDatabaseKinds())('subscriptions with the embedded provider on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const checkout = (cookie: string | undefined, body: unknown) => t.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', cookie, payload: body as object });
  const confirm = (cookie: string, sessionId: string, card: 'succeeds' | 'declines' = 'succeeds') =>
    t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${sessionId}/confirm`, cookie, payload: { card } });
  const status = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/subscription/status', cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>;
  };
  const tradingPlan = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/trading/subscription', cookie })).json() as { plan: string | null };
  const profile = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).json() as { roles: string[]; active_role: string };
  // The demo seed mails its accounts too (free@ gets a commission mail): each test reads only the
  // mails sent after it started, in the order they were queued.
  let mailsBefore = new Set<string>();
  beforeEach(async () => {
    mailsBefore = new Set((await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id));
  });
  const mailSubjects = async (email: string) =>
    (await t.database.db.select({ id: mailOutbox.id, subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt))
      .filter((m) => !mailsBefore.has(m.id))
      .map((m) => m.subject);
  const subscribe = async (cookie: string, plan: string, card: 'succeeds' | 'declines' = 'succeeds') => {
    const started = await checkout(cookie, { plan, consent: CONSENT });
    expect(started.statusCode, started.body).toBe(200);
    const { session_id: sessionId } = started.json() as { session_id: string };
    const confirmed = await confirm(cookie, sessionId, card);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { sessionId, started: started.json() as { checkout_url: string; trial_days: number } };
  };

  it('refuses checkout signed out (401, spec message) and without consent (400, nothing stored)', async () => {
    const anonymous = await checkout(undefined, { plan: '4weeks', consent: CONSENT });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Please login to subscribe to a plan.' } });

    const cookie = await t.signIn('investor@demo.myeai.local');
    for (const body of [{ plan: '4weeks' }, { plan: '4weeks', consent: { terms_accepted: false, marketing_accepted: true } }]) {
      const refused = await checkout(cookie, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe('Please accept the Terms & Conditions and Privacy Policy to continue.');
    }
    expect((await checkout(cookie, { plan: 'lifetime', consent: CONSENT })).statusCode).toBe(400);
    const investor = await getUserByEmail(t.database.db, 'investor@demo.myeai.local');
    expect(await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, investor!.id))).toEqual([]);
  });

  it('runs the whole lifecycle: checkout, trial, trial end + payment, renewal, cancel at period end, access until the end, role removed', async () => {
    // Sessions last 30 days: sign in again after moving the clock far.
    let cookie = await t.signIn('free@demo.myeai.local');
    const free = (await getUserByEmail(t.database.db, 'free@demo.myeai.local'))!;
    expect(await status(cookie)).toMatchObject({ status: 'none', plan: null, has_access: false, free_trial_available: true });
    expect(await t.inject({ method: 'GET', url: '/api/stripe/config', cookie }).then((r) => r.json())).toEqual({ provider: 'local', publishable_key: null, test_mode: true });

    // Checkout: consent stored with server time and IP; client timestamps, IP and prices ignored.
    const started = await checkout(cookie, {
      plan: '4weeks',
      consent: { terms_accepted: true, marketing_accepted: true, accepted_at: '1999-01-01T00:00:00Z', ip_address: '6.6.6.6' },
      price_cents: 1,
      trial_days: 365,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { checkout_url: url, session_id: sessionId, trial_days: trialDays } = started.json();
    expect(trialDays).toBe(7);
    expect(url).toBe(`http://localhost:80/checkout/local/${sessionId}`);
    const [stored] = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(stored).toMatchObject({ termsAccepted: true, marketingAccepted: true, termsVersion: TERMS_VERSION, ipAddress: '127.0.0.1', amountCents: 6900, trialDays: 7, status: 'open' });
    expect(stored!.acceptedAt.toISOString()).toBe(t.clock.now().toISOString());

    // A double click returns the same session.
    expect((await checkout(cookie, { plan: '4weeks', consent: CONSENT })).json().session_id).toBe(sessionId);
    // The session view: own only.
    expect((await t.inject({ method: 'GET', url: `/api/subscription/checkout-sessions/${sessionId}`, cookie })).json()).toMatchObject({ status: 'open', plan: '4weeks', trial_days: 7, amount_cents: 6900 });
    const other = await t.signIn('trader@demo.myeai.local');
    expect((await t.inject({ method: 'GET', url: `/api/subscription/checkout-sessions/${sessionId}`, cookie: other })).statusCode).toBe(404);
    expect((await confirm(other, sessionId)).statusCode).toBe(404);

    // Confirm on the test checkout page: trial starts, subscriber role granted.
    const confirmed = await confirm(cookie, sessionId);
    expect(confirmed.json()).toEqual({ redirect_url: `/subscription-success?session_id=${sessionId}` });
    expect((await confirm(cookie, sessionId)).json()).toEqual({ redirect_url: `/subscription-success?session_id=${sessionId}` });
    const trialEnd = new Date(t.clock.now().getTime() + 7 * DAY);
    expect(await status(cookie)).toEqual({
      status: 'trial',
      plan: '4weeks',
      trial_end: trialEnd.toISOString(),
      current_period_end: trialEnd.toISOString(),
      cancel_at_period_end: false,
      has_access: true,
      payment_failed: false,
      free_trial_available: false,
      checkout_trial: { kind: 'none', days: 0, ends_at: null },
    });
    expect(await tradingPlan(cookie)).toEqual({ plan: '4weeks' });
    expect(await profile(cookie)).toMatchObject({ roles: ['subscriber_free', 'subscriber'], active_role: 'subscriber' });
    expect((await t.inject({ method: 'GET', url: `/api/subscription/checkout-sessions/${sessionId}`, cookie })).json()).toMatchObject({ status: 'completed', subscription: { status: 'trial' } });
    expect((await t.database.db.select().from(users).where(eq(users.id, free.id)))[0]!.freeTrialUsedAt).not.toBeNull();
    expect(await mailSubjects(free.email)).toEqual(['Subscription started']);

    // 409: already trial on that plan, and on another plan while it runs.
    const again = await checkout(cookie, { plan: '4weeks', consent: CONSENT });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already have the 4 Weeks plan.');
    expect((await checkout(cookie, { plan: 'weekly', consent: CONSENT })).statusCode).toBe(409);

    // Reminder 2 days before the trial ends.
    t.clock.advance(5 * DAY - 1000);
    await t.runJobs();
    expect(await mailSubjects(free.email)).toEqual(['Subscription started']);
    t.clock.advance(1000);
    await t.runJobs();
    expect(await mailSubjects(free.email)).toEqual(['Subscription started', 'Your free trial ends in 2 days']);

    // Trial end: first payment, active for 28 days.
    t.clock.set(trialEnd);
    await t.runJobs();
    const firstPeriodEnd = new Date(trialEnd.getTime() + 28 * DAY);
    expect(await status(cookie)).toMatchObject({ status: 'active', plan: '4weeks', current_period_end: firstPeriodEnd.toISOString(), has_access: true });
    expect(await mailSubjects(free.email)).toContain('Payment received');
    // The member reads what was paid and until when, never the provider's invoice id.
    const paid = (await t.inject({ method: 'GET', url: '/api/notifications?limit=50', cookie })).json().items.find((n: { title: string }) => n.title === 'Payment received');
    expect(paid.message).toMatch(/^We received your payment of \$\d+\.\d\d for the 4 Weeks plan\. Your access runs until [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);

    // Renewal at the period end.
    t.clock.set(firstPeriodEnd);
    await t.runJobs();
    cookie = await t.signIn('free@demo.myeai.local');
    const secondPeriodEnd = new Date(firstPeriodEnd.getTime() + 28 * DAY);
    expect(await status(cookie)).toMatchObject({ status: 'active', current_period_end: secondPeriodEnd.toISOString() });
    expect((await mailSubjects(free.email)).filter((s) => s === 'Payment received')).toHaveLength(2);

    // Cancel at period end; cancelling twice changes nothing more.
    t.clock.advance(DAY);
    const cancelled = await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'success', subscription: { status: 'canceled', has_access: true, cancel_at_period_end: true, current_period_end: secondPeriodEnd.toISOString() } });
    const twice = await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().subscription).toEqual(cancelled.json().subscription);
    expect((await mailSubjects(free.email)).filter((s) => s === 'Subscription cancelled')).toHaveLength(1);

    // Access continues until the period end, then the subscription ends and the role goes.
    t.clock.set(new Date(secondPeriodEnd.getTime() - 1000));
    await t.runJobs();
    cookie = await t.signIn('free@demo.myeai.local');
    expect(await tradingPlan(cookie)).toEqual({ plan: '4weeks' });
    expect((await profile(cookie)).roles).toContain('subscriber');
    t.clock.set(secondPeriodEnd);
    await t.runJobs();
    expect(await status(cookie)).toMatchObject({ status: 'canceled', plan: '4weeks', has_access: false, free_trial_available: false });
    expect(await tradingPlan(cookie)).toEqual({ plan: null });
    expect(await profile(cookie)).toMatchObject({ roles: ['subscriber_free'], active_role: 'subscriber_free' });
    expect(await mailSubjects(free.email)).toContain('Subscription ended');
    const noMore = await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie });
    expect(noMore.statusCode).toBe(404);
    expect(noMore.json().error.message).toBe('No active subscription found to cancel.');

    // Every status change is audited; the admin sees the history.
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'subscription.status_changed'), eq(auditLog.target, free.id)));
    expect(audited.map((row) => (row.details as { to: { status: string } }).to.status)).toEqual(['trial', 'active', 'canceled', 'canceled']);
    const admin = await t.signInAs('admin');
    const history = await t.inject({ method: 'GET', url: `/api/admin/users/${free.id}/subscription`, cookie: admin });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ user: { email: 'free@demo.myeai.local' }, subscription: { status: 'canceled' }, provider: 'local', provider_status: 'canceled' });
    expect(history.json().history.map((event: { type: string }) => event.type).reverse()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.paid',
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect((await t.inject({ method: 'GET', url: `/api/admin/users/${free.id}/subscription`, cookie })).statusCode).toBe(403);

    // Subscribing again: the free trial is used, so it is charged from the start.
    const second = await subscribe(cookie, 'weekly');
    expect(second.started.trial_days).toBe(0);
    expect(await status(cookie)).toMatchObject({ status: 'active', plan: 'weekly', trial_end: null, has_access: true });
    expect(await profile(cookie)).toMatchObject({ roles: ['subscriber_free', 'subscriber'] });
  });

  it('handles a payment failure: past_due with access while retrying, then canceled and the role removed', async () => {
    const cookie = await t.signIn('newcomer@demo.myeai.local');
    const newcomer = (await getUserByEmail(t.database.db, 'newcomer@demo.myeai.local'))!;
    const start = t.clock.now();
    await subscribe(cookie, 'weekly', 'declines');
    // Buying makes subscriber the active role at once (DESIGN.md decision 45).
    expect(await profile(cookie)).toMatchObject({ roles: ['newcomer', 'subscriber'], active_role: 'subscriber' });
    t.clock.set(new Date(start.getTime() + 7 * DAY));
    await t.runJobs();
    expect(await status(cookie)).toMatchObject({ status: 'active', payment_failed: true, has_access: true });
    expect(await mailSubjects(newcomer.email)).toContain('Payment failed');
    for (const day of [9, 11]) {
      t.clock.set(new Date(start.getTime() + day * DAY));
      await t.runJobs();
      expect(await status(cookie)).toMatchObject({ status: 'active', payment_failed: true });
    }
    t.clock.set(new Date(start.getTime() + 13 * DAY));
    await t.runJobs();
    expect(await status(cookie)).toMatchObject({ status: 'canceled', has_access: false, payment_failed: false });
    expect(await profile(cookie)).toMatchObject({ roles: ['newcomer'], active_role: 'newcomer' });
    expect((await mailSubjects(newcomer.email)).filter((s) => s === 'Payment failed')).toHaveLength(1);
    expect(await mailSubjects(newcomer.email)).toContain('Subscription ended');
  });

  it('a declined card without a trial is refused at checkout; cancelling the test checkout charges nothing', async () => {
    const cookie = await t.signIn('free@demo.myeai.local');
    await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie });
    t.clock.advance(8 * DAY);
    await t.runJobs();
    expect((await status(cookie)).status).toBe('canceled');
    const started = await checkout(cookie, { plan: '12weeks', consent: CONSENT });
    const { session_id: sessionId } = started.json();
    const declined = await confirm(cookie, sessionId, 'declines');
    expect(declined.statusCode).toBe(400);
    const left = await t.inject({ method: 'POST', url: `/api/billing/local/checkout-sessions/${sessionId}/cancel`, cookie });
    expect(left.json()).toEqual({ redirect_url: '/trading-subscription' });
    expect((await confirm(cookie, sessionId)).statusCode).toBe(409);
    expect((await status(cookie)).status).toBe('canceled');
  });

  it('limits checkout creation to 10 a minute per user', async () => {
    const cookie = await t.signIn('trader@demo.myeai.local');
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push((await checkout(cookie, { plan: 'weekly', consent: CONSENT })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
    expect((await checkout(await t.signIn('affiliate@demo.myeai.local'), { plan: 'weekly', consent: CONSENT })).statusCode).toBe(200);
  });

  it('keeps e-mail off when the user turned e-mail notifications off, and a user who only held subscriber becomes a Free User', async () => {
    // (Not subscriber@demo: the demo seed gives that account a running 52 Weeks plan.)
    const subscriber = (await getUserByEmail(t.database.db, 'multi@demo.myeai.local'))!;
    // An account whose only role is subscriber, granted by its subscription.
    await t.database.db.update(users).set({ roles: ['investor'], activeRole: 'investor' }).where(eq(users.id, subscriber.id));
    const cookie = await t.signIn('multi@demo.myeai.local');
    await saveNotificationSettings(t.database.db, t.clock, subscriber.id, {
      commission_alerts: true,
      goal_milestones: true,
      lead_activity: true,
      follow_up_reminders: true,
      email_notifications: false,
      trading_alerts: true,
      trading_alerts_email: true,
    });
    await subscribe(cookie, 'weekly');
    await t.database.db.update(users).set({ roles: ['subscriber'], activeRole: 'subscriber' }).where(eq(users.id, subscriber.id));
    await t.inject({ method: 'POST', url: '/api/subscription/cancel', cookie });
    t.clock.advance(8 * DAY);
    await t.runJobs();
    expect(await profile(cookie)).toMatchObject({ roles: ['subscriber_free'], active_role: 'subscriber_free' });
    expect(await mailSubjects(subscriber.email)).toEqual([]);
    const inApp = (await t.inject({ method: 'GET', url: '/api/notifications', cookie })).json() as { items: { title: string }[] };
    expect(inApp.items.map((n) => n.title)).toEqual(expect.arrayContaining(['Subscription started', 'Subscription cancelled', 'Subscription ended']));
  });
});
