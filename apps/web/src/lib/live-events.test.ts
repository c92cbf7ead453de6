import { describe, expect, test } from 'vitest';
import { lastEventStore, parseLiveEvent } from './live-events.ts';

const notification = {
  id: '0b9a4b8e-7d0a-4f43-9d8c-3f0d2a9c1e11',
  type: 'system',
  title: 'Maintenance tonight',
  message: 'The platform is down from 22:00 to 22:15.',
  data: null,
  action_required: false,
  read: false,
  created_at: '2026-11-23T12:00:00.000Z',
};

describe('parseLiveEvent', () => {
  test('reads the three event kinds of the contract', () => {
    expect(parseLiveEvent(JSON.stringify({ id: 1, kind: 'notification.created', payload: notification }))?.kind).toBe('notification.created');
    expect(parseLiveEvent(JSON.stringify({ id: 2, kind: 'notification.read', payload: { ids: null } }))?.id).toBe(2);
    expect(parseLiveEvent(JSON.stringify({ id: 3, kind: 'notification.deleted', payload: { id: notification.id } }))?.kind).toBe('notification.deleted');
  });

  test.each([
    { label: 'not JSON', text: 'hello' },
    { label: 'unknown kind', text: JSON.stringify({ id: 4, kind: 'lead.created', payload: {} }) },
    { label: 'no id', text: JSON.stringify({ kind: 'notification.read', payload: { ids: null } }) },
    { label: 'bad payload', text: JSON.stringify({ id: 5, kind: 'notification.created', payload: { id: 'x' } }) },
  ])('ignores a message that is $label', ({ text }) => {
    expect(parseLiveEvent(text)).toBeNull();
  });
});

describe('lastEventStore', () => {
  const memoryStorage = () => {
    const values = new Map<string, string>();
    return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
  };

  test('starts empty, only moves forward, and keeps the id per user across instances (a reload)', () => {
    const storage = memoryStorage();
    const store = lastEventStore('user-1', storage);
    expect(store.get()).toBeNull();
    store.advance(5);
    store.advance(3);
    expect(store.get()).toBe(5);
    store.advance(9);
    expect(lastEventStore('user-1', storage).get()).toBe(9);
    expect(lastEventStore('user-2', storage).get()).toBeNull();
  });

  test('ignores garbage in storage and works without storage', () => {
    const storage = memoryStorage();
    storage.setItem('myeai.live.last-event-id.user-1', 'abc');
    expect(lastEventStore('user-1', storage).get()).toBeNull();
    const memoryOnly = lastEventStore('user-1', null);
    memoryOnly.advance(4);
    expect(memoryOnly.get()).toBe(4);
  });

  test('a storage that throws does not break the live channel', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const store = lastEventStore('user-1', broken);
    expect(store.get()).toBeNull();
    store.advance(2);
    expect(store.get()).toBe(2);
  });
});
