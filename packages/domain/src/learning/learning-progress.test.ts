import { describe, expect, test } from 'vitest';
import { applyLearningProgress, learningWatchedPercent, markLearningDone, reachesLearningCompletion, type StoredLearningProgress } from './learning-progress.ts';

const t0 = new Date('2026-01-01T00:00:00Z');
const t1 = new Date('2026-01-01T00:05:00Z');
const t2 = new Date('2026-01-01T00:10:00Z');

describe('completion at 90% watched', () => {
  test.each([
    [90, 100, true],
    [89, 100, false],
    [89.99, 100, false],
    [9, 10, true],
    [8.99, 10, false],
    [100, 100, true],
    [150, 100, true],
    [0, 0, false],
  ])('%f of %f seconds: %s', (watch, total, complete) => {
    expect(reachesLearningCompletion(watch, total)).toBe(complete);
  });

  test('percent is floored and capped', () => {
    expect(learningWatchedPercent(899, 1000)).toBe(89);
    expect(learningWatchedPercent(900, 1000)).toBe(90);
    expect(learningWatchedPercent(2000, 1000)).toBe(100);
    expect(learningWatchedPercent(10, 0)).toBe(0);
  });
});

describe('stored progress only grows, completion once', () => {
  test('a first report creates progress', () => {
    const step = applyLearningProgress(null, { watch_time_seconds: 30, total_duration_seconds: 100 }, t0);
    expect(step).toEqual({ next: { watchTimeSeconds: 30, totalDurationSeconds: 100, completionPercentage: 30, completedAt: null }, changed: true, completedNow: false });
  });

  test('a late or replayed lower report never lowers it', () => {
    const stored: StoredLearningProgress = { watchTimeSeconds: 60, totalDurationSeconds: 100, completionPercentage: 60, completedAt: null };
    const step = applyLearningProgress(stored, { watch_time_seconds: 20, total_duration_seconds: 100 }, t1);
    expect(step.next).toEqual(stored);
    expect(step.changed).toBe(false);
    expect(step.completedNow).toBe(false);
  });

  test('crossing 90% completes once; later reports do not complete again nor move the time', () => {
    const first = applyLearningProgress({ watchTimeSeconds: 80, totalDurationSeconds: 100, completionPercentage: 80, completedAt: null }, { watch_time_seconds: 90, total_duration_seconds: 100 }, t1);
    expect(first.completedNow).toBe(true);
    expect(first.next).toEqual({ watchTimeSeconds: 90, totalDurationSeconds: 100, completionPercentage: 90, completedAt: t1 });
    const again = applyLearningProgress(first.next, { watch_time_seconds: 100, total_duration_seconds: 100 }, t2);
    expect(again.completedNow).toBe(false);
    expect(again.next).toEqual({ watchTimeSeconds: 100, totalDurationSeconds: 100, completionPercentage: 100, completedAt: t1 });
    const replay = applyLearningProgress(again.next, { watch_time_seconds: 5, total_duration_seconds: 100 }, t2);
    expect(replay.next).toEqual(again.next);
    expect(replay.completedNow).toBe(false);
  });

  test('a longer duration reported later does not lower the percentage', () => {
    const step = applyLearningProgress({ watchTimeSeconds: 50, totalDurationSeconds: 100, completionPercentage: 50, completedAt: null }, { watch_time_seconds: 50, total_duration_seconds: 200 }, t1);
    expect(step.next.completionPercentage).toBe(50);
    expect(step.next.totalDurationSeconds).toBe(200);
  });

  test('watched seconds are capped at the duration', () => {
    expect(applyLearningProgress(null, { watch_time_seconds: 500, total_duration_seconds: 100 }, t0).next.watchTimeSeconds).toBe(100);
  });

  test('Mark as done completes once at 100%', () => {
    const opened = applyLearningProgress(null, { watch_time_seconds: 0, total_duration_seconds: 0 }, t0);
    expect(opened.next.completionPercentage).toBe(0);
    const done = markLearningDone(opened.next, t1);
    expect(done.completedNow).toBe(true);
    expect(done.next).toMatchObject({ completionPercentage: 100, completedAt: t1 });
    const twice = markLearningDone(done.next, t2);
    expect(twice.completedNow).toBe(false);
    expect(twice.changed).toBe(false);
    expect(twice.next.completedAt).toBe(t1);
  });
});
