import { eq, inArray } from 'drizzle-orm';
import { conversions, products, referralAttributions, type DbOrTx } from '@myeai/db';

/** The demo seed's reads (apps/server/src/seed). */

export async function selectProductsByNames(db: DbOrTx, names: readonly string[]): Promise<{ id: string; name: string; commissionRateBp: number }[]> {
  if (names.length === 0) return [];
  return db.select({ id: products.id, name: products.name, commissionRateBp: products.commissionRateBp }).from(products).where(inArray(products.name, [...names]));
}

export async function conversionOrderExists(db: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: conversions.id }).from(conversions).where(eq(conversions.merchantOrderId, orderId)).limit(1);
  return row !== undefined;
}

export async function selectAttributionStatusOf(db: DbOrTx, userId: string): Promise<{ id: string; status: string } | undefined> {
  const [row] = await db.select({ id: referralAttributions.id, status: referralAttributions.status }).from(referralAttributions).where(eq(referralAttributions.userId, userId)).limit(1);
  return row;
}
