import { and, eq } from 'drizzle-orm';
import { entryWindows, sentimentAggregates, tradingAssets, tradingTimeframes } from '@myeai/db';
import type { Bias } from '@myeai/domain';
import type { TestApp } from '../../../testing/test-app.ts';
import { DEMO_TRADER_POOL } from '../trading.seed.ts';

/** The 13 demo traders in pool order: lead (46), three seniors (9), nine regulars (3). */
export const POOL_EMAILS = DEMO_TRADER_POOL.map((trader) => trader.email);

export async function pairIds(t: TestApp, symbol: string, code: string): Promise<{ assetId: string; timeframeId: string }> {
  const [asset] = await t.database.db.select().from(tradingAssets).where(eq(tradingAssets.symbol, symbol));
  const [timeframe] = await t.database.db.select().from(tradingTimeframes).where(eq(tradingTimeframes.code, code));
  if (!asset || !timeframe) throw new Error(`no demo pair ${symbol} ${code}`);
  return { assetId: asset.id, timeframeId: timeframe.id };
}

/**
 * A demo pair without its seeded history (the demo seeds a week of windows over most cells): its
 * windows (their votes and events go with them) and its aggregate are removed, so a test that
 * needs a pair nobody voted on starts from one. The traders' score counters are left as they are.
 */
export async function emptyPairIds(t: TestApp, symbol: string, code: string): Promise<{ assetId: string; timeframeId: string }> {
  const pair = await pairIds(t, symbol, code);
  const db = t.database.db;
  await db.delete(entryWindows).where(and(eq(entryWindows.assetId, pair.assetId), eq(entryWindows.timeframeId, pair.timeframeId)));
  await db.delete(sentimentAggregates).where(and(eq(sentimentAggregates.assetId, pair.assetId), eq(sentimentAggregates.timeframeId, pair.timeframeId)));
  return pair;
}

/** Cookies of the 13 pool traders, signed in once. */
export async function signInPool(t: TestApp): Promise<string[]> {
  const cookies: string[] = [];
  for (const email of POOL_EMAILS) cookies.push(await t.signIn(email));
  return cookies;
}

export async function openWindow(t: TestApp, cookie: string, pair: { assetId: string; timeframeId: string }) {
  return t.inject({ method: 'POST', url: '/api/trading/windows/open', cookie, payload: { asset_id: pair.assetId, timeframe_id: pair.timeframeId } });
}

export async function vote(t: TestApp, cookie: string, windowId: string, bias: Bias, confidence = 60, note?: string) {
  return t.inject({ method: 'POST', url: `/api/trading/windows/${windowId}/vote`, cookie, payload: { bias, confidence, ...(note ? { note } : {}) } });
}

const LETTER: Record<string, Bias> = { L: 'long', S: 'short', N: 'neutral' };

/** Votes in pool order from a pattern like 'LLSS-...' (- skips); returns the responses. */
export async function voteAll(t: TestApp, cookies: string[], windowId: string, pattern: string) {
  const responses = [];
  for (const [i, letter] of [...pattern].entries()) {
    const bias = LETTER[letter];
    if (!bias) continue;
    responses.push(await vote(t, cookies[i]!, windowId, bias, 50 + i));
  }
  return responses;
}

/** Texts that must never reach a non-admin: per-trader fields and any pool trader's e-mail. */
export function expectAnonymous(body: string): void {
  for (const field of ['"trader_id"', '"trader_email', '"weight"', '"voter_details"', '"voters"', '"voter"', '"opened_by"', '"opened_by_trader_id"', '"opened_by_email_local"']) {
    if (body.includes(field)) throw new Error(`non-admin payload contains ${field}: ${body.slice(0, 300)}`);
  }
  for (const email of POOL_EMAILS) {
    const local = email.split('@')[0]!;
    if (body.includes(email) || new RegExp(`"${local}"`).test(body)) throw new Error(`non-admin payload names ${email}`);
  }
}
