import { useEffect, useRef, useState } from 'react';

/** Spec 2 section 9: the "Copied!" indicator lasts 2 seconds. */
export const COPIED_INDICATOR_MS = 2_000;

/** Copies text to the clipboard; `copied` is true for 2 s after a copy that worked. */
export function useCopyFeedback() {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setIsCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
    return true;
  };

  return { isCopied, copy };
}

/** The full affiliate link on this site: `{origin}/go/{product}?ref={code}`. */
export function absoluteLink(path: string): string {
  return new URL(path, window.location.origin).href;
}
