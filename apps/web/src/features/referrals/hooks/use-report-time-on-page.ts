import { useEffect } from 'react';
import { reportPageTime } from '../api/referrals-api.ts';

/**
 * Reports the time spent on the referral landing page when the visitor leaves it (spec 1
 * section 2.8): the tab hidden or closed (a beacon, which survives unloading) or the page left
 * inside the app. Each visible stretch is reported once; time is measured with performance.now().
 */
export function useReportTimeOnPage(visit: { visitorId: string; referralCode: string } | null): void {
  const visitorId = visit?.visitorId;
  const referralCode = visit?.referralCode;
  useEffect(() => {
    if (!visitorId || !referralCode) return;
    let startedAt = performance.now();
    let isSent = false;
    const flush = () => {
      if (isSent) return;
      isSent = true;
      const seconds = Math.min(86_400, Math.max(0, Math.round((performance.now() - startedAt) / 1000)));
      reportPageTime({ visitor_id: visitorId, referral_code: referralCode, time_on_page_seconds: seconds });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
      else if (isSent) {
        isSent = false;
        startedAt = performance.now();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [visitorId, referralCode]);
}
