import { apiPath, usagePaths, type TrackEventInput } from '@myeai/domain';

export const TRACK_EVENT_URL = apiPath(usagePaths.trackEvent);

/** Sends a usage event; tracking never disturbs the user, so every failure is ignored. */
export function trackEvent(event: TrackEventInput): void {
  void fetch(TRACK_EVENT_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => undefined);
}

/** On page unload: navigator.sendBeacon (text/plain, accepted by the server), else a keepalive fetch. */
export function beaconEvent(event: TrackEventInput): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(TRACK_EVENT_URL, JSON.stringify(event))) return;
  } catch {
    // fall through to fetch
  }
  trackEvent(event);
}
