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
  return findText(value, path, (text) => text.includes('\u0000'));
}

export const ILL_FORMED_TEXT_MESSAGE = 'Text must be valid Unicode: a lone surrogate (such as \\ud800) is not a character.';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where the first lone UTF-16 surrogate sits, as findNulCharacter reports a NUL. JSON may carry one
 * ("\ud800"); PostgreSQL refuses it in jsonb ("unsupported Unicode escape sequence", a 500 found by
 * the fuzzer) and a text column would store U+FFFD instead of what was sent.
 */
export function findIllFormedText(value: unknown, path = ''): NulLocation | null {
  return findText(value, path, (text) => LONE_SURROGATE.test(text));
}

function findText(value: unknown, path: string, isBad: (text: string) => boolean): NulLocation | null {
  if (typeof value === 'string') return isBad(value) ? { path } : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findText(item, join(path, String(index)), isBad);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (isBad(key)) return { path: join(path, key) };
      const found = findText(item, join(path, key), isBad);
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
