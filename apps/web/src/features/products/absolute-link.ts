/** The full affiliate link on this site: `{origin}/go/{product}?ref={code}`. */
export function absoluteLink(path: string): string {
  return new URL(path, window.location.origin).href;
}
