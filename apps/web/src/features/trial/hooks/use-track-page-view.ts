import { useEffect } from 'react';
import { MIN_PAGE_VIEW_MS } from '@myeai/domain';
import { beaconEvent, trackEvent } from '../api/track-event.ts';

/**
 * Records a page view of `component` (spec 1 section 7): sent only when the view lasted longer
 * than 1 second, when the component unmounts (navigation) or, through a beacon, when the page is
 * unloaded or hidden. Time is measured with performance.now(), so clock changes do not matter.
 */
export function useTrackPageView(component: string): void {
  useEffect(() => {
    let startedAt = performance.now();
    let sent = false;
    const event = () => ({
      event_type: 'page_view' as const,
      component,
      action_details: { time_spent_ms: Math.round(performance.now() - startedAt), target_route: window.location.pathname },
    });
    const flush = (send: typeof trackEvent) => {
      if (sent) return;
      const payload = event();
      if (payload.action_details.time_spent_ms <= MIN_PAGE_VIEW_MS) return;
      sent = true;
      send(payload);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush(beaconEvent);
      else if (sent) {
        // The tab came back: a new view starts.
        sent = false;
        startedAt = performance.now();
      }
    };
    const onUnload = () => flush(beaconEvent);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onUnload);
      flush(trackEvent);
    };
  }, [component]);
}
