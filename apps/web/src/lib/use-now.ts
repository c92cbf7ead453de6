import { useEffect, useState } from 'react';

/**
 * This browser's clock, re-read every `intervalMs`: countdowns tick with it (1 s) and relative times
 * ("5 minutes ago") stay true (30 s to a minute).
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
