import { LiveEventSchema, type LiveEvent } from '@myeai/domain';

export function parseLiveEvent(text: string): LiveEvent | null {
  try {
    const parsed = LiveEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The last event id seen, in memory and in sessionStorage (per user), so a reload resumes too. */
export function lastEventStore(userId: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null) {
  const key = `myeai.live.last-event-id.${userId}`;
  const read = (): number | null => {
    try {
      const stored = Number(storage?.getItem(key));
      return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
    } catch {
      return null;
    }
  };
  let last = read();
  return {
    get: () => last,
    advance: (id: number) => {
      if (last !== null && id <= last) return;
      last = id;
      try {
        storage?.setItem(key, String(id));
      } catch {
        // Storage full or blocked: the id stays in memory.
      }
    },
  };
}
