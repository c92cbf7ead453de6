import { useEffect, useRef, useState } from 'react';

/** Spec 1 section 9: the "Copied!" indicator lasts 2 seconds. */
export const COPIED_INDICATOR_MS = 2_000;

/**
 * Copies text to the clipboard; `isCopied` is true for 2 s after a copy that worked. A failed copy
 * is only logged (spec 1 section 8): the text stays visible and selectable in its field.
 */
export function useCopy() {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.warn('Copy to the clipboard failed', error);
      return;
    }
    setIsCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
  };

  return { isCopied, copy };
}
