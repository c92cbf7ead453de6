import { useEffect, useRef, useState } from 'react';

/** Specs 1 and 2 section 9: the "Copied!" indicator lasts 2 seconds. */
export const COPIED_INDICATOR_MS = 2_000;

/**
 * Copies text to the clipboard; `isCopied` is true for 2 s after a copy that worked, and `copy`
 * answers whether it worked. A refused copy goes to `onFailure` (the caller says or logs it).
 */
export function useCopy(onFailure?: (error: unknown) => void) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      onFailure?.(error);
      return false;
    }
    setIsCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
    return true;
  };

  return { isCopied, copy };
}
