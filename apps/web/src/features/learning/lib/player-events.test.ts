import { describe, expect, test, vi } from 'vitest';
import { ProgressReporter, readVimeoMessage, readYouTubeMessage } from './player-events.ts';

describe('YouTube embed messages (IFrame API)', () => {
  test('infoDelivery carries the time and duration', () => {
    expect(readYouTubeMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 12.5, duration: 100 } }))).toEqual({ currentTime: 12.5, duration: 100 });
  });
  test('playerState 0 is the end', () => {
    expect(readYouTubeMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime: 99, duration: 100, playerState: 0 } }))).toEqual({ currentTime: 99, duration: 100, ended: true });
  });
  test('other messages and garbage are ignored', () => {
    expect(readYouTubeMessage(JSON.stringify({ event: 'onReady' }))).toBeNull();
    expect(readYouTubeMessage('not json')).toBeNull();
    expect(readYouTubeMessage(JSON.stringify({ event: 'infoDelivery', info: { volume: 50 } }))).toBeNull();
  });
});

describe('Vimeo player messages', () => {
  test('ready, timeupdate and ended', () => {
    expect(readVimeoMessage({ event: 'ready' })).toBe('ready');
    expect(readVimeoMessage(JSON.stringify({ event: 'timeupdate', data: { seconds: 30, duration: 60, percent: 0.5 } }))).toEqual({ currentTime: 30, duration: 60 });
    expect(readVimeoMessage({ event: 'ended', data: { seconds: 60, duration: 60 } })).toEqual({ currentTime: 60, duration: 60, ended: true });
    expect(readVimeoMessage({ event: 'play' })).toBeNull();
  });
});

describe('ProgressReporter', () => {
  test('throttles while playing, sends at once on flush and end, never a smaller time', () => {
    const send = vi.fn();
    const reporter = new ProgressReporter(send, 10_000);
    reporter.update({ currentTime: 1, duration: 100 }, 0);
    reporter.update({ currentTime: 5, duration: 100 }, 5_000);
    expect(send.mock.calls).toEqual([[{ watch_time_seconds: 1, total_duration_seconds: 100 }]]);
    reporter.update({ currentTime: 11, duration: 100 }, 10_500);
    reporter.update({ currentTime: 3, duration: 100 }, 30_000); // a seek back
    reporter.update({ currentTime: 20, duration: 100 }, 31_000, true);
    reporter.update({ currentTime: 100, duration: 100, ended: true }, 32_000);
    reporter.flush(40_000);
    expect(send.mock.calls.map(([r]) => r.watch_time_seconds)).toEqual([1, 11, 20, 100]);
  });
  test('nothing is sent without a duration', () => {
    const send = vi.fn();
    new ProgressReporter(send).update({ currentTime: 10, duration: 0 }, 0);
    expect(send).not.toHaveBeenCalled();
  });
});
