import { describe, expect, it } from 'vitest';
import { TableCache } from '../table-cache.ts';
import { UserChangeFeed } from '../user-change-feed.ts';
import { liveFeed } from './live-feed.ts';

const T0 = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

function counted() {
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    build: (value: string) => async () => {
      builds += 1;
      return `${value} #${builds}`;
    },
  };
}

describe('TableCache', () => {
  it('keeps a value per key until one of its tables is announced, and ignores other tables', async () => {
    const { feed, announceTable } = await liveFeed();
    const cache = new TableCache<string>(feed, { tables: ['window_scores'], maxEntries: 10 });
    const source = counted();
    expect(await cache.get('a', T0, 60_000, source.build('a'))).toBe('a #1');
    expect(await cache.get('a', at(1), 60_000, source.build('a'))).toBe('a #1');
    expect(await cache.get('b', at(1), 60_000, source.build('b'))).toBe('b #2');
    announceTable('leads');
    expect(await cache.get('a', at(2), 60_000, source.build('a'))).toBe('a #1');
    announceTable('window_scores');
    expect(await cache.get('a', at(3), 60_000, source.build('a'))).toBe('a #3');
    expect(await cache.get('b', at(3), 60_000, source.build('b'))).toBe('b #4');
  });

  it("rebuilds a value after its own time, drops all on a lost connection, and keeps at most maxEntries", async () => {
    const { feed, reconnect } = await liveFeed();
    const cache = new TableCache<string>(feed, { tables: ['t'], maxEntries: 2 });
    const source = counted();
    await cache.get('a', T0, 1_000, source.build('a'));
    expect(await cache.get('a', at(999), 1_000, source.build('a'))).toBe('a #1');
    expect(await cache.get('a', at(1_000), 1_000, source.build('a'))).toBe('a #2');
    reconnect();
    expect(await cache.get('a', at(1_001), 1_000, source.build('a'))).toBe('a #3');
    await cache.get('b', at(1_002), 1_000, source.build('b'));
    await cache.get('c', at(1_003), 1_000, source.build('c'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', at(1_004), 1_000, source.build('a'))).toBe('a #6');
  });

  it('shares one build between concurrent reads, and does not keep a build that a change overtook', async () => {
    const { feed, announceTable } = await liveFeed();
    const cache = new TableCache<string>(feed, { tables: ['t'], maxEntries: 10 });
    let release: (value: string) => void = () => undefined;
    let builds = 0;
    const slow = () => {
      builds += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.get('k', T0, 60_000, slow);
    const second = cache.get('k', T0, 60_000, slow);
    expect(builds).toBe(1);
    announceTable('t');
    release('built before the change');
    expect(await first).toBe('built before the change');
    expect(await second).toBe('built before the change');
    const source = counted();
    expect(await cache.get('k', at(1), 60_000, source.build('after'))).toBe('after #1');
  });

  it('reads through without a live feed', async () => {
    const cache = new TableCache<string>(new UserChangeFeed(), { tables: ['t'], maxEntries: 10 });
    const source = counted();
    await cache.get('k', T0, 60_000, source.build('k'));
    await cache.get('k', T0, 60_000, source.build('k'));
    expect(source.builds).toBe(2);
  });
});
