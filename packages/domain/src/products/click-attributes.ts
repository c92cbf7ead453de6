/**
 * What a tracked click records about the visitor's device and where they came from.
 *
 * No user-agent parsing library is installed, so the device class is a small, documented rule
 * on the User-Agent string (the same split the referral analytics use: mobile, tablet, desktop):
 *   1. crawlers, link previewers and HTTP tools are 'bot' (their clicks are not recorded);
 *   2. iPad, Android without "Mobile", Kindle/Silk, PlayBook and "Tablet" are 'tablet';
 *   3. "Mobi", iPhone/iPod, Windows Phone, BlackBerry and Opera Mini are 'mobile';
 *   4. any other non-empty agent is 'desktop'; an empty one is 'unknown'.
 * iPadOS 13+ Safari reports a Macintosh agent, so it counts as desktop (undetectable server side).
 */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet', 'bot', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const BOT = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|python-requests|curl\/|wget\/|httpclient|go-http-client|okhttp|axios\//i;
const TABLET = /ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|windows phone|blackberry|bb10|opera mini|iemobile/i;

export function deviceClassFromUserAgent(userAgent: string | null | undefined): DeviceClass {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return 'unknown';
  if (BOT.test(agent)) return 'bot';
  if (TABLET.test(agent)) return 'tablet';
  if (MOBILE.test(agent)) return 'mobile';
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
