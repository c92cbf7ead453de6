import type { FastifyRequest } from 'fastify';
import { classifyDevice, isCountableNavigation, referringSite, type DeviceClass } from '@myeai/domain';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export type LinkClick = { userAgent: string | null; deviceClass: DeviceClass; referringSite: string | null };

/**
 * What a visit to a tracked link (the affiliate `/go` link, the referral short link) records as a
 * click, or null when it does not count: only a person's top-level navigation counts (no HEAD,
 * prefetch, image/iframe/script request, nor a bot). Either way the link still redirects.
 */
export function countedLinkClick(request: FastifyRequest): LinkClick | null {
  const userAgent = header(request, 'user-agent') ?? null;
  const deviceClass = classifyDevice(userAgent);
  const isCountable = isCountableNavigation({
    method: request.method,
    secFetchDest: header(request, 'sec-fetch-dest'),
    secFetchMode: header(request, 'sec-fetch-mode'),
    secPurpose: header(request, 'sec-purpose'),
    purpose: header(request, 'purpose'),
  });
  if (!isCountable || deviceClass === 'bot') return null;
  return { userAgent, deviceClass, referringSite: referringSite(header(request, 'referer')) };
}
