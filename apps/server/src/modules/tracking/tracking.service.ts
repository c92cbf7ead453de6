import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '@myeai/db';
import {
  ATTRIBUTION_WINDOW_DAYS,
  AppError,
  USER_AGENT_MAX,
  commissionAmountCents,
  isSignatureFresh,
  normaliseReferralCode,
  parseSignatureHeader,
  signedConversionPayload,
  utcDay,
  type ConversionInput,
  type ConversionResponse,
  type ConversionReverseInput,
  type ReversalResponse,
  type DeviceClass,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { isEmailVerified } from '../auth/index.ts';
import { createCommission, reverseConversion, selectCommissionBySource, toCommission } from '../commissions/index.ts';
import {
  insertClickerVisitor,
  insertConversionOnce,
  insertLinkClick,
  selectConversionByOrder,
  selectLatestClickId,
  selectSoleClickerUserId,
  selectUserIdByReferralCode,
  type ConversionRow,
} from './tracking.queries.ts';

/** A fresh random visitor id for the first-party cookie (never derived from the IP). */
export function newVisitorId(): string {
  return randomBytes(16).toString('hex');
}

export const VISITOR_ID_PATTERN = /^[0-9a-f]{32}$/;

/** What is stored of a visitor: a SHA-256 hash of the cookie's random id. */
export function visitorHash(visitorId: string): string {
  return createHash('sha256').update(`myeai-visitor:${visitorId}`).digest('hex');
}

async function userIdByReferralCode(db: DbOrTx, input: string | null | undefined): Promise<string | null> {
  const code = normaliseReferralCode(input);
  if (!code) return null;
  return (await selectUserIdByReferralCode(db, code)) ?? null;
}

export type NewClick = {
  productId: string;
  ref: string | null;
  visitorId: string;
  userAgent: string | null;
  deviceClass: DeviceClass;
  referringSite: string | null;
  /** The signed-in member who followed the link, if any: a sale from this visitor is theirs (My Team, decision 43). */
  clickerUserId?: string | null;
};

/** Records one click of an affiliate link; an unknown or missing code records no referrer. */
export async function recordClick(db: DbOrTx, clock: Clock, click: NewClick): Promise<{ id: string; referrerId: string | null }> {
  const referrerId = await userIdByReferralCode(db, click.ref);
  const now = clock.now();
  const id = await insertLinkClick(db, {
    productId: click.productId,
    referrerId,
    clickedAt: now,
    clickedOn: utcDay(now),
    visitorHash: visitorHash(click.visitorId),
    userAgent: click.userAgent ? click.userAgent.slice(0, USER_AGENT_MAX) : null,
    deviceClass: click.deviceClass,
    referringSite: click.referringSite,
  });
  if (click.clickerUserId) await insertClickerVisitor(db, click.clickerUserId, visitorHash(click.visitorId), now);
  return { id, referrerId };
}

/**
 * Checks the merchant's signature: `t=<unix>,v1=<hex>` over `${t}.${raw body}` with the
 * product's secret, within 5 minutes of our clock, compared in constant time.
 */
export function verifyConversionSignature(secret: string, header: string | string[] | undefined, rawBody: string, now: Date): boolean {
  const parsed = parseSignatureHeader(Array.isArray(header) ? header[0] : header);
  if (!parsed || !isSignatureFresh(parsed.timestamp, now)) return false;
  const expected = createHmac('sha256', secret).update(signedConversionPayload(parsed.timestamp, rawBody)).digest();
  return parsed.signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The product fields a conversion needs (see products.queries findConversionProduct). */
export type ConversionProduct = { id: string; name: string; commissionRateBp: number };

async function existingConversionResult(db: DbOrTx, conversion: ConversionRow, input: ConversionInput, referrerId: string | null): Promise<ConversionResponse> {
  if (conversion.amountCents !== input.amount_cents || conversion.referrerId !== referrerId) {
    throw new AppError('CONFLICT', `Order ${input.order_id} was already reported with a different amount or referral code.`);
  }
  const row = await selectCommissionBySource(db, 'conversion', conversion.id);
  if (!row) throw new AppError('CONFLICT', 'This order is being recorded. Please try again.');
  return { status: 'duplicate', conversion_id: conversion.id, commission: toCommission(row) };
}

/**
 * A merchant's (already verified) sale report: attributed to the referrer's latest click on
 * the product within the attribution window, stored once per merchant order, and turned into a
 * pending commission of sale amount x the product's rate. A repeat of the same order returns
 * the first result and writes nothing.
 */
export async function recordConversion(
  db: DbOrTx,
  clock: Clock,
  product: ConversionProduct,
  input: ConversionInput,
  options: { notify?: boolean } = {},
): Promise<ConversionResponse> {
  return db.transaction(async (tx) => {
    const referrerId = await userIdByReferralCode(tx, input.ref);
    const findExisting = () => selectConversionByOrder(tx, product.id, input.order_id);
    const existing = await findExisting();
    if (existing) return existingConversionResult(tx, existing, input, referrerId);
    if (!referrerId) throw new AppError('VALIDATION', 'Unknown referral code.', [{ path: 'ref', message: 'Unknown referral code.' }]);
    // An account earns only once its address is confirmed (issue 29, decision 057).
    if (!(await isEmailVerified(tx, referrerId))) throw new AppError('CONFLICT', 'The owner of this referral code has not confirmed their e-mail address yet, so the sale earns no commission.');

    const now = clock.now();
    const since = new Date(now.getTime() - ATTRIBUTION_WINDOW_DAYS * 86_400_000);
    const clickId = await selectLatestClickId(tx, referrerId, product.id, since, now);
    if (!clickId) {
      throw new AppError('VALIDATION', `No tracked click for this referral code on this product in the last ${ATTRIBUTION_WINDOW_DAYS} days.`);
    }

    const conversion = await insertConversionOnce(tx, {
      productId: product.id,
      merchantOrderId: input.order_id,
      referrerId,
      clickId,
      amountCents: input.amount_cents,
      currency: 'USD',
      commissionRateBp: product.commissionRateBp,
      createdAt: now,
    });
    if (!conversion) {
      const raced = await findExisting();
      if (!raced) throw new AppError('CONFLICT', 'This order is being recorded. Please try again.');
      return existingConversionResult(tx, raced, input, referrerId);
    }
    const { commission } = await createCommission(tx, clock, {
      userId: referrerId,
      productId: product.id,
      productName: product.name,
      source: 'conversion',
      sourceReference: conversion.id,
      originUserId: await selectSoleClickerUserId(tx, clickId, referrerId),
      amountCents: commissionAmountCents(input.amount_cents, product.commissionRateBp),
      rateBp: product.commissionRateBp,
      notify: options.notify,
    });
    return { status: 'created', conversion_id: conversion.id, commission };
  });
}

/**
 * A merchant's (already verified) reversal of a sale it reported, found by its order id on the
 * product (issue 31 item 2): the commission is reversed in proportion by a negative ledger line
 * (commissions' reverseConversion: idempotent on the merchant's reversal_id, 409 when nothing is left).
 */
export async function reverseReportedConversion(
  db: DbOrTx,
  clock: Clock,
  product: ConversionProduct,
  orderId: string,
  input: ConversionReverseInput,
): Promise<ReversalResponse> {
  const conversion = await selectConversionByOrder(db, product.id, orderId);
  if (!conversion) throw new AppError('NOT_FOUND', 'No sale with this order id was reported for this product.');
  return reverseConversion(db, clock, {
    conversion: { id: conversion.id, amountCents: conversion.amountCents },
    amountCents: input.amount_cents,
    reason: input.reason,
    reversalId: input.reversal_id,
  });
}
