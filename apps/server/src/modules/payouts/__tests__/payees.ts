import { randomUUID } from 'node:crypto';
import { commissions, payoutMethods, users, type Database } from '@myeai/db';
import { PayoutDetailsSchema } from '@myeai/domain';
import { TEST_NOW } from '../../../testing/test-app.ts';
import { sealDetails } from '../payout-details-seal.ts';

const DAY_MS = 86_400_000;

/**
 * A payee for the payout tests: an affiliate named `${label} ${n}` with one pending commission line
 * per amount (the first earned `daysAgo` days before TEST_NOW, each next one a day earlier) and a
 * PayPal payout method off hold, sealed under `key` when given.
 */
export async function addPayee(db: Database, options: { label: string; lines: number[]; daysAgo?: number; key?: string }): Promise<{ id: string; email: string }> {
  const tag = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({ email: `payee-${tag}@example.test`, name: `${options.label} ${tag}`, roles: ['affiliate'], activeRole: 'affiliate', referralCode: `PY${tag.toUpperCase()}`, createdAt: TEST_NOW })
    .returning({ id: users.id, email: users.email });
  for (const [i, amountCents] of options.lines.entries()) {
    await db.insert(commissions).values({
      userId: user!.id,
      productId: null,
      source: 'conversion',
      sourceReference: `payout-test-${randomUUID()}`,
      productName: 'Payout test product',
      amountCents,
      rateBp: null,
      status: 'pending',
      earnedAt: new Date(TEST_NOW.getTime() - ((options.daysAgo ?? 20) + i) * DAY_MS),
    });
  }
  const details = PayoutDetailsSchema.parse({ method: 'paypal', email: user!.email });
  await db.insert(payoutMethods).values({ userId: user!.id, method: 'paypal', details: sealDetails(details, options.key), summary: 'PayPal p•••@example.test', createdAt: TEST_NOW, updatedAt: TEST_NOW, holdUntil: TEST_NOW });
  return user!;
}
