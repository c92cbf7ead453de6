import { describe, expect, it } from 'vitest';
import { ReadCache } from '../read-cache.ts';
import { UserChangeFeed } from '../user-change-feed.ts';
import { liveFeed } from './live-feed.ts';

const T0 = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function counter(values: Record<string, string>) {
  const calls: string[] = [];
  const load = (key: string, userId = 'u1') => async () => {
    calls.push(key);
    return { value: values[key] ?? `value of ${key}`, userId };
  };
  return { calls, load };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ReadCache', () => {
  it('serves a kept value without loading again', async () => {
    const { feed } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const { calls, load } = counter({ a: 'A' });
    expect(await cache.read('a', T0, load('a'))).toBe('A');
    expect(await cache.read('a', at(1000), load('a'))).toBe('A');
    expect(calls).toEqual(['a']);
  });

  it('drops only the changed user’s entries when the feed announces them', async () => {
    const { feed, announce } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const { calls, load } = counter({});
    await cache.read('a', T0, load('a', 'u1'));
    await cache.read('b', T0, load('b', 'u2'));
    announce('u1');
    await cache.read('a', T0, load('a', 'u1'));
    await cache.read('b', T0, load('b', 'u2'));
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('forgets everything when changes may have been missed (the listening connection came back)', async () => {
    const { feed, reconnect } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const { calls, load } = counter({});
    await cache.read('a', T0, load('a', 'u1'));
    await cache.read('b', T0, load('b', 'u2'));
    reconnect();
    expect(cache.size).toBe(0);
    await cache.read('a', T0, load('a', 'u1'));
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('hands a load that a change overtook to its caller but does not keep it', async () => {
    const { feed, announce } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const slow = deferred<{ value: string; userId: string }>();
    const first = cache.read('a', T0, () => slow.promise);
    announce('u1');
    slow.resolve({ value: 'read before the change', userId: 'u1' });
    expect(await first).toBe('read before the change');
    expect(cache.size).toBe(0);
    expect(await cache.read('a', T0, async () => ({ value: 'fresh', userId: 'u1' }))).toBe('fresh');
  });

  it('keeps a load that a change of another user overtook', async () => {
    const { feed, announce } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const slow = deferred<{ value: string; userId: string }>();
    const first = cache.read('a', T0, () => slow.promise);
    announce('u2');
    slow.resolve({ value: 'A', userId: 'u1' });
    await first;
    expect(cache.size).toBe(1);
  });

  it('shares one load between concurrent reads of a key, but not with a read that came after a change', async () => {
    const { feed, announce } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const slow = deferred<{ value: string; userId: string }>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return slow.promise;
    };
    const reads = [cache.read('a', T0, load), cache.read('a', T0, load)];
    expect(loads).toBe(1);
    announce('u1');
    const after = cache.read('a', T0, async () => ({ value: 'after the change', userId: 'u1' }));
    slow.resolve({ value: 'before', userId: 'u1' });
    expect(await Promise.all(reads)).toEqual(['before', 'before']);
    expect(await after).toBe('after the change');
  });

  it('expires entries at the backstop age and at the expiry the load gave, on the injected clock', async () => {
    const { feed } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    const { calls, load } = counter({});
    await cache.read('a', T0, load('a'));
    await cache.read('a', at(59_999), load('a'));
    await cache.read('a', at(60_000), load('a'));
    await cache.read('s', T0, async () => ({ value: 'session', userId: 'u1', expiresAt: at(5_000) }));
    let reloaded = false;
    await cache.read('s', at(5_000), async () => {
      reloaded = true;
      return null;
    });
    expect(calls).toEqual(['a', 'a']);
    expect(reloaded).toBe(true);
  });

  it('does not keep a null load (an unknown session token)', async () => {
    const { feed } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    expect(await cache.read('x', T0, async () => null)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { feed } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 2, ttlMs: 60_000 });
    const { calls, load } = counter({});
    await cache.read('a', T0, load('a'));
    await cache.read('b', T0, load('b'));
    await cache.read('a', T0, load('a'));
    await cache.read('c', T0, load('c'));
    await cache.read('a', T0, load('a'));
    await cache.read('b', T0, load('b'));
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });

  it('reads through while the feed is not listening (nothing would tell it of changes)', async () => {
    const cache = new ReadCache<string>(new UserChangeFeed(), { maxEntries: 10, ttlMs: 60_000 });
    const { calls, load } = counter({});
    await cache.read('a', T0, load('a'));
    await cache.read('a', T0, load('a'));
    expect(calls).toEqual(['a', 'a']);
  });

  it('keys readForUser by user, so two users never share an entry', async () => {
    const { feed } = await liveFeed();
    const cache = new ReadCache<string>(feed, { maxEntries: 10, ttlMs: 60_000 });
    expect(await cache.readForUser('u1', 'page', T0, async () => 'one')).toBe('one');
    expect(await cache.readForUser('u2', 'page', T0, async () => 'two')).toBe('two');
  });
});
