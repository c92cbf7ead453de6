import type { Database } from '@myeai/db';
import { classifyDevice, maskPayoutDetails, nextPayoutAt, payoutWeekOf, PayoutDetailsSchema, type PayoutDetails } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { newVisitorId, recordClick, recordConversion } from '../tracking/index.ts';
import { sealDetails } from './payout-details-seal.ts';
import { anyPayoutBatchExists, insertPayoutBatch, insertPayoutItems, insertPayoutMethod, reserveLines, selectSeedPeople, selectSeedProducts, settleItemLines } from './payouts.queries.ts';

const DAY_MS = 86_400_000;
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const HOUR_MS = 3_600_000;

/** The demo earners' payout methods (decision 063), saved long ago, so no hold is left. */
const METHODS: { email: string; details: PayoutDetails }[] = [
  { email: 'affiliate@demo.myeai.local', details: { method: 'paypal', email: 'alex.affiliate@example.com' } },
  { email: 'multi@demo.myeai.local', details: { method: 'ach', account_holder: 'Morgan Multi', routing_number: '021000021', account_number: '000123456789', account_type: 'checking' } },
  { email: 'admin@demo.myeai.local', details: { method: 'wire', account_holder: 'Ada Admin', iban: 'DE89370400440532013000', swift_bic: 'COBADEFFXXX', bank_name: 'Commerzbank', country: 'DE' } },
];

/**
 * The demo affiliate's older sales the two batches pay: two paid in the weekly batch of three
 * weeks ago, one waiting in the batch an admin prepared today (the product and the days ago).
 */
const PAID_SALES = [
  { order: 'DEMO-PAYOUT-1', product: 'Mindset Coaching Program', amountCents: 49_900, daysAgo: 48 },
  { order: 'DEMO-PAYOUT-2', product: 'Trading Foundations Course', amountCents: 19_900, daysAgo: 41 },
] as const;
const OPEN_SALE = { order: 'DEMO-PAYOUT-3', product: 'Mindset Coaching Program', amountCents: 49_900, daysAgo: 20 } as const;

/**
 * Payouts in the demo (issue 30, decision 063): the demo earners' payout methods, a weekly batch
 * of three weeks ago that paid the demo affiliate (approved, PayPal, marked paid), and a batch the
 * admin prepared an hour ago that waits for approval, so /admin/payouts, the Payouts tab, the
 * statement and /earnings show real rows. The sales go through the conversion service; the
 * batches are written as history (no notification, no audit entry: nobody acted in this database).
 * Runs once: a database with a payout batch is left alone.
 */
export async function seedPayoutsDemo(db: Database, clock: Clock, config: { payoutDetailsKey?: string | undefined }): Promise<void> {
  if (await anyPayoutBatchExists(db)) return;
  const people = await selectSeedPeople(db, METHODS.map((m) => m.email));
  const byEmail = new Map(people.map((person) => [person.email, person]));
  const affiliate = byEmail.get('affiliate@demo.myeai.local');
  const admin = byEmail.get('admin@demo.myeai.local');
  if (!affiliate || !admin) return;
  const catalogue = await selectSeedProducts(db);
  const product = (name: string) => catalogue.find((row) => row.name === name);
  if (!product(PAID_SALES[0].product) || !product(PAID_SALES[1].product)) return;
  const base = clock.now().getTime();
  const at = (days: number) => new Date(base - Math.round(days * DAY_MS));

  await db.transaction(async (tx) => {
    const sealed = new Map<string, { method: PayoutDetails['method']; details: string; summary: string }>();
    for (const { email, details } of METHODS) {
      const person = byEmail.get(email);
      if (!person) continue;
      const parsed = PayoutDetailsSchema.parse(details);
      const row = { method: parsed.method, details: sealDetails(parsed, config.payoutDetailsKey), summary: maskPayoutDetails(parsed) };
      sealed.set(person.id, row);
      await insertPayoutMethod(tx, { userId: person.id, ...row, network: null, createdAt: at(60), updatedAt: at(60), holdUntil: at(58) });
    }

    const sale = async (spec: { order: string; product: string; amountCents: number; daysAgo: number }) => {
      const bought = product(spec.product)!;
      // The buyer came through the affiliate's link an hour before buying, as every tracked sale does.
      await recordClick(tx, { now: () => at(spec.daysAgo + 1 / 24) }, { productId: bought.id, ref: affiliate.code, visitorId: newVisitorId(), userAgent: DESKTOP, deviceClass: classifyDevice(DESKTOP), referringSite: null });
      const { commission } = await recordConversion(
        tx,
        { now: () => at(spec.daysAgo) },
        bought,
        { product_id: bought.id, order_id: spec.order, amount_cents: spec.amountCents, ref: affiliate.code },
        { notify: false },
      );
      return { id: commission.id, amountCents: commission.amount_cents };
    };
    const paidLines = [await sale(PAID_SALES[0]), await sale(PAID_SALES[1])];
    const openLine = await sale(OPEN_SALE);
    const method = sealed.get(affiliate.id)!;

    // The weekly batch of about three weeks ago (the first Friday 09:00 UTC after 24 days ago): approved an hour later, paid three days after.
    const friday = nextPayoutAt(at(24), { schedule_weekday: 5, schedule_minute_utc: 540 });
    const paidAt = new Date(friday.getTime() + 3 * DAY_MS);
    const weekly = await insertPayoutBatch(tx, {
      status: 'completed',
      createdAt: friday,
      createdBy: null,
      approvedAt: new Date(friday.getTime() + HOUR_MS),
      approvedBy: admin.id,
      completedAt: paidAt,
      scheduledWeek: payoutWeekOf(friday),
    });
    const amount = paidLines.reduce((sum, line) => sum + line.amountCents, 0);
    const [paidItem] = await insertPayoutItems(tx, [
      { batchId: weekly.id, userId: affiliate.id, method: method.method, details: method.details, summary: method.summary, amountCents: amount, status: 'paid', createdAt: friday, settledAt: paidAt, settledBy: admin.id },
    ]);
    await reserveLines(tx, paidLines.map((line) => ({ itemId: paidItem!.id, commissionId: line.id, amountCents: line.amountCents })), friday);
    await settleItemLines(tx, paidItem!.id, 'paid', paidAt);

    // The batch the admin prepared an hour ago: waiting for approval (or cancellation).
    const preparedAt = at(1 / 24);
    const open = await insertPayoutBatch(tx, { status: 'prepared', createdAt: preparedAt, createdBy: admin.id, scheduledWeek: null });
    const [openItem] = await insertPayoutItems(tx, [
      { batchId: open.id, userId: affiliate.id, method: method.method, details: method.details, summary: method.summary, amountCents: openLine.amountCents, status: 'processing', createdAt: preparedAt },
    ]);
    await reserveLines(tx, [{ itemId: openItem!.id, commissionId: openLine.id, amountCents: openLine.amountCents }], preparedAt);
  });
}
