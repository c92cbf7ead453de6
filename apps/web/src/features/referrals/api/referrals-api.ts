import { useQuery } from '@tanstack/react-query';
import { apiPath, JoinResponseSchema, referralsPaths, ReferralStatsResponseSchema, type TrackCtaClickInput, type TrackPageTimeInput } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export const referralKeys = {
  stats: ['referrals', 'stats'] as const,
  join: (ref: string) => ['referrals', 'join', ref] as const,
};

/** Spec 2 section 9: referral stats refresh every minute while the popup is open. */
const STATS_REFRESH_MS = 60_000;

export function useReferralStats(isEnabled: boolean) {
  return useQuery({
    queryKey: referralKeys.stats,
    queryFn: async () => (await apiRequest(apiPath(referralsPaths.stats), { schema: ReferralStatsResponseSchema })).data,
    enabled: isEnabled,
    refetchInterval: isEnabled ? STATS_REFRESH_MS : false,
  });
}

/** The landing content for a code; an unknown code is an answer, not something to retry. */
export function useJoinLanding(ref: string | null) {
  return useQuery({
    queryKey: referralKeys.join(ref ?? ''),
    queryFn: async () => (await apiRequest(`${apiPath(referralsPaths.join)}?ref=${encodeURIComponent(ref ?? '')}`, { schema: JoinResponseSchema })).data,
    enabled: ref !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** Landing reports never disturb the visitor: every failure is ignored. */
function send(url: string, body: unknown, asBeacon: boolean): void {
  const json = JSON.stringify(body);
  try {
    // navigator.sendBeacon sends text/plain, which the track routes accept; it survives the page closing.
    if (asBeacon && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, json)) return;
  } catch {
    // fall through to fetch
  }
  void fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: json, keepalive: true }).catch(() => undefined);
}

export function reportPageTime(report: TrackPageTimeInput): void {
  send(apiPath(referralsPaths.trackPageTime), report, true);
}

export function reportCtaClick(report: TrackCtaClickInput): void {
  send(apiPath(referralsPaths.trackCtaClick), report, true);
}
