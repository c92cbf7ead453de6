import { createIsbotFromList, list as botPatterns } from 'isbot';
import { UAParser } from 'ua-parser-js';

/**
 * What a tracked click records about the visitor's device and where they came from.
 *
 * The device class comes from two maintained libraries instead of our own patterns (issue 16
 * item 8, decision 034): `isbot` says whether the agent is a crawler, link previewer or HTTP
 * tool ('bot': its clicks are not recorded), and `ua-parser-js` 1.x (MIT; 2.x is AGPL) gives the
 * device type ('tablet', 'mobile'; a wearable counts as mobile; a desktop, TV or console browser
 * is 'desktop'). An empty agent is 'unknown'. iPadOS 13+ Safari reports a Macintosh agent, so it
 * counts as desktop (undetectable server side). The short links' and the referral links' device
 * breakdowns both use classifyDevice.
 */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'bot', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * isbot's list without its "headless" pattern: our own browser tests and page benchmarks run
 * headless Chromium and follow tracked links as a person would, so those clicks count.
 */
const isBot = /* @__PURE__ */ createIsbotFromList(botPatterns.filter((pattern) => pattern !== 'headless'));

export function classifyDevice(userAgent: string | null | undefined): DeviceClass {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return 'unknown';
  if (isBot(agent)) return 'bot';
  const { device, browser } = new UAParser(agent).getResult();
  if (device.type === 'tablet') return 'tablet';
  if (device.type === 'mobile' || device.type === 'wearable') return 'mobile';
  // Opera Mini's proxy agent names no device; it runs on phones only.
  if (browser.name === 'Opera Mini') return 'mobile';
  return 'desktop';
}

export const USER_AGENT_MAX = 512;
export const REFERRING_SITE_MAX = 255;

/** The referring site is the host of the Referer only (no path or query: they may carry personal data). */
export function referringSite(referer: string | null | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase();
    return host && host.length <= REFERRING_SITE_MAX ? host : null;
  } catch {
    return null;
  }
}

export type FetchMetadata = {
  method: string;
  secFetchDest?: string | undefined;
  secFetchMode?: string | undefined;
  secPurpose?: string | undefined;
  purpose?: string | undefined;
};

/**
 * Only a top-level navigation by a person counts as a click: HEAD requests, prefetches and
 * requests for an image, iframe or script (cookie stuffing, reliability catalogue T-45) still
 * redirect but record nothing and set no cookie. Browsers without Fetch Metadata are trusted.
 */
export function isCountableNavigation(meta: FetchMetadata): boolean {
  if (meta.method !== 'GET') return false;
  if (meta.secFetchDest && meta.secFetchDest !== 'document') return false;
  if (meta.secFetchMode && meta.secFetchMode !== 'navigate') return false;
  if (/prefetch|prerender/i.test(meta.secPurpose ?? '') || /prefetch/i.test(meta.purpose ?? '')) return false;
  return true;
}

/** The UTC calendar day of an instant, the unit of "unique visitors per day". */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
