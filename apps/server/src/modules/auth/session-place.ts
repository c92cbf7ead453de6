import { open, type CityResponse, type Reader } from 'maxmind';

/**
 * The approximate place of a client address from a MaxMind City database (GEOIP_DATABASE), read at
 * sign-in and stored with the session as text, so the raw address is never stored (DESIGN.md
 * decision 29). The file is opened once per path; maxmind re-reads it when it changes on disk.
 */
const readers = new Map<string, Promise<Reader<CityResponse>>>();

function readerOf(path: string): Promise<Reader<CityResponse>> {
  let reader = readers.get(path);
  if (!reader) {
    reader = open<CityResponse>(path).catch((error: unknown) => {
      // A missing or broken file is retried at the next sign-in rather than kept as a failure.
      readers.delete(path);
      throw error;
    });
    readers.set(path, reader);
  }
  return reader;
}

/** "City, Country", "Country", or null (no database, private address, not in the database). */
export async function placeOf(databasePath: string | undefined, address: string | undefined, onError: (error: unknown) => void): Promise<string | null> {
  if (!databasePath || !address) return null;
  try {
    const found = (await readerOf(databasePath)).get(address.replace(/^::ffff:/i, ''));
    const parts = [found?.city?.names.en, found?.country?.names.en].filter((part): part is string => Boolean(part));
    return parts.length > 0 ? parts.join(', ') : null;
  } catch (error) {
    // The place is a convenience on "my sessions": a lookup failure must not stop a sign-in.
    onError(error);
    return null;
  }
}
