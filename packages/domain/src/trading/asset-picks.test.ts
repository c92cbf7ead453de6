import { describe, expect, test } from 'vitest';
import { ASSET_PICK_INTERVAL_MS, assetPicksBeyondLimit, decideAssetPick, effectiveAssetPicks, nextAssetPickChangeAt } from './asset-picks.ts';

const active = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const t0 = new Date('2026-11-20T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('effectiveAssetPicks', () => {
  test('until a pick is stored, the first assets in grid order', () => {
    expect(effectiveAssetPicks(null, active, 4)).toEqual(['a', 'b', 'c', 'd']);
  });
  test('a stored pick, without inactive assets, cut to the limit in pick order', () => {
    expect(effectiveAssetPicks({ assetIds: ['g', 'x', 'b'], changedAt: t0 }, active, 4)).toEqual(['g', 'b']);
    expect(effectiveAssetPicks({ assetIds: ['g', 'f', 'e', 'd', 'c', 'b'], changedAt: t0 }, active, 4)).toEqual(['g', 'f', 'e', 'd']);
  });
});

describe('decideAssetPick: the limit', () => {
  test('exactly the limit is accepted, one more is refused with the limit in words', () => {
    expect(decideAssetPick({ limit: 4, requested: ['a', 'b', 'c', 'd'], activeAssetIds: active, stored: null, now: t0 })).toMatchObject({ ok: true, changed: true });
    expect(decideAssetPick({ limit: 4, requested: ['a', 'b', 'c', 'd', 'e'], activeAssetIds: active, stored: null, now: t0 })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Your plan includes 4 assets: pick at most 4.',
    });
  });
  test('nothing, twice the same, or an unknown asset: 400', () => {
    expect(decideAssetPick({ limit: 4, requested: [], activeAssetIds: active, stored: null, now: t0 })).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(decideAssetPick({ limit: 4, requested: ['a', 'a'], activeAssetIds: active, stored: null, now: t0 })).toMatchObject({ ok: false, message: 'Pick each asset once.' });
    expect(decideAssetPick({ limit: 4, requested: ['a', 'zz'], activeAssetIds: active, stored: null, now: t0 })).toMatchObject({ ok: false, message: 'Pick only assets shown on the compass.' });
  });
});

describe('decideAssetPick: once per 24 hours', () => {
  const stored = { assetIds: ['a', 'b', 'c', 'd'], changedAt: t0 };
  test('replacing an asset 1 ms before 24 hours is refused (409) with the moment it is allowed', () => {
    expect(decideAssetPick({ limit: 4, requested: ['a', 'b', 'c', 'e'], activeAssetIds: active, stored, now: at(ASSET_PICK_INTERVAL_MS - 1) })).toEqual({
      ok: false,
      code: 'CONFLICT',
      message: 'You can change your assets once every 24 hours. Your next change is possible from 2026-11-21 10:00 UTC.',
    });
  });
  test('at exactly 24 hours it is allowed and the clock starts again', () => {
    const decision = decideAssetPick({ limit: 4, requested: ['a', 'b', 'c', 'e'], activeAssetIds: active, stored, now: at(ASSET_PICK_INTERVAL_MS) });
    expect(decision).toEqual({ ok: true, assetIds: ['a', 'b', 'c', 'e'], changedAt: at(ASSET_PICK_INTERVAL_MS), changed: true });
  });
  test('removing one is a change too; the same pick again changes nothing', () => {
    expect(decideAssetPick({ limit: 4, requested: ['a', 'b', 'c'], activeAssetIds: active, stored, now: at(1000) })).toMatchObject({ ok: false, code: 'CONFLICT' });
    expect(decideAssetPick({ limit: 4, requested: ['d', 'c', 'b', 'a'], activeAssetIds: active, stored, now: at(1000) })).toMatchObject({ ok: true, changed: false, changedAt: t0 });
  });
  test('adding to free places (a larger plan) is allowed at once and keeps the previous change time', () => {
    const decision = decideAssetPick({ limit: 6, requested: ['a', 'b', 'c', 'd', 'e', 'f'], activeAssetIds: active, stored, now: at(1000) });
    expect(decision).toEqual({ ok: true, assetIds: ['a', 'b', 'c', 'd', 'e', 'f'], changedAt: t0, changed: true });
  });
  test('dropping an asset that is no longer active is not a change', () => {
    expect(decideAssetPick({ limit: 4, requested: ['a', 'b', 'c'], activeAssetIds: ['a', 'b', 'c', 'e'], stored, now: at(1000) })).toMatchObject({ ok: true });
  });
  test('nextAssetPickChangeAt: null when never picked or past 24 hours', () => {
    expect(nextAssetPickChangeAt(null, t0)).toBeNull();
    expect(nextAssetPickChangeAt(stored, at(ASSET_PICK_INTERVAL_MS - 1))).toEqual(at(ASSET_PICK_INTERVAL_MS));
    expect(nextAssetPickChangeAt(stored, at(ASSET_PICK_INTERVAL_MS))).toBeNull();
  });
});

describe('a pick made under a larger plan (a downgrade)', () => {
  const eight = { assetIds: ['g', 'f', 'e', 'd', 'c', 'b'], changedAt: t0 };
  test('the first ones stay until the user chooses; the rest are listed as beyond the limit', () => {
    expect(effectiveAssetPicks(eight, active, 4)).toEqual(['g', 'f', 'e', 'd']);
    expect(assetPicksBeyondLimit(eight, active, 4)).toEqual(['c', 'b']);
    expect(assetPicksBeyondLimit(eight, active, 6)).toEqual([]);
    expect(assetPicksBeyondLimit(null, active, 4)).toEqual([]);
  });
  test('choosing which picked assets to keep is allowed at once, even within 24 hours, and starts no new 24 hours', () => {
    expect(decideAssetPick({ limit: 4, requested: ['c', 'b', 'g', 'e'], activeAssetIds: active, stored: eight, now: at(1000) })).toEqual({
      ok: true,
      assetIds: ['c', 'b', 'g', 'e'],
      changedAt: t0,
      changed: true,
    });
  });
  test('bringing in an asset that was not picked is a change under the 24-hour rule', () => {
    expect(decideAssetPick({ limit: 4, requested: ['c', 'b', 'g', 'a'], activeAssetIds: active, stored: eight, now: at(1000) })).toMatchObject({ ok: false, code: 'CONFLICT' });
  });
});
