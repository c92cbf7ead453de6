/**
 * Text the database can store. PostgreSQL refuses the NUL character (U+0000) in text columns
 * (SQLSTATE 22021 / 22P05), so a request carrying one anywhere would fail half-way in the
 * database; the server refuses it before any handler runs (docs/decisions/023).
 */
export const NUL_CHARACTER_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

export type NulLocation = { path: string };

/**
 * Where the first NUL character sits in a decoded request part (params, query, JSON body), as a
 * dotted path ('' for the value itself; a key that holds one is reported at its own path), or
 * null when there is none. Walks strings, arrays and plain objects; other values hold no text.
 */
export function findNulCharacter(value: unknown, path = ''): NulLocation | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path } : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, join(path, String(index)));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return { path: join(path, key) };
      const found = findNulCharacter(item, join(path, key));
      if (found) return found;
    }
  }
  return null;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** How deep a request body may nest objects and arrays; no request of the API comes near it. */
export const MAX_INPUT_DEPTH = 32;
export const INPUT_TOO_DEEP_MESSAGE = `The request nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep.`;

/**
 * Whether a decoded request part nests arrays or objects deeper than `maxDepth` (the value itself is
 * level 0). JSON.parse accepts any depth, but code that walks the value recursively (the NUL check,
 * the schema validation) overflows the stack on a body nested 50,000 deep and answered 500; this
 * check walks with its own stack, so it has no depth limit of its own.
 */
export function exceedsInputDepth(value: unknown, maxDepth = MAX_INPUT_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (depth >= maxDepth) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current)) pending.push({ value: item, depth: depth + 1 });
  }
  return false;
}
