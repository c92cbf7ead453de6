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
