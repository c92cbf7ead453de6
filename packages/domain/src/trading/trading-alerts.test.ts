import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, isTypeEnabled, notificationTarget, shouldEmail } from '../notifications/notification-rules.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import {
  alertsRefusal,
  digestDayOf,
  digestSendAt,
  digestText,
  followRefusal,
  groupDigest,
  immediateAlertText,
  notPickedMessage,
  TRADING_ALERT_MESSAGES,
  type AlertEvent,
} from './trading-alerts.ts';

const plan = (planId: 'weekly' | '4weeks' | '12weeks' | '52weeks') => entitlementsOf({ planId, isAdmin: false, trialDay: 0 });
const eur = { id: 'eur', symbol: 'EUR/USD' };

describe('who may follow', () => {
  it('gives weekly daily alerts and the longer plans immediate ones', () => {
    expect(plan('weekly').alert_frequency).toBe('daily');
    for (const id of ['4weeks', '12weeks', '52weeks'] as const) expect(plan(id).alert_frequency).toBe('immediate');
  });

  it('refuses a user without a plan, an admin without one, and a trial before day 7 with its unlock day', () => {
    expect(alertsRefusal(entitlementsOf({ planId: null, isAdmin: false, trialDay: 0 }))).toBe(TRADING_ALERT_MESSAGES.noAlerts);
    expect(alertsRefusal(entitlementsOf({ planId: null, isAdmin: true, trialDay: 0 }))).toBe(TRADING_ALERT_MESSAGES.noAlerts);
    expect(alertsRefusal(entitlementsOf({ planId: null, isAdmin: false, trialDay: 6 }))).toBe(TRADING_ALERT_MESSAGES.trialLocked);
    expect(TRADING_ALERT_MESSAGES.trialLocked).toContain('day 7');
    expect(alertsRefusal(entitlementsOf({ planId: null, isAdmin: false, trialDay: 7 }))).toBeNull();
    expect(alertsRefusal(plan('weekly'))).toBeNull();
  });

  it('lets a follower follow cells of picked assets only; no asset limit reaches every asset', () => {
    expect(followRefusal({ entitlements: plan('weekly'), pickedAssetIds: ['eur'], asset: eur })).toBeNull();
    expect(followRefusal({ entitlements: plan('weekly'), pickedAssetIds: ['gbp'], asset: eur })).toBe(notPickedMessage('EUR/USD'));
    expect(followRefusal({ entitlements: plan('52weeks'), pickedAssetIds: null, asset: eur })).toBeNull();
    expect(followRefusal({ entitlements: entitlementsOf({ planId: null, isAdmin: false, trialDay: 0 }), pickedAssetIds: null, asset: eur })).toBe(TRADING_ALERT_MESSAGES.noAlerts);
  });
});

describe('the daily digest', () => {
  it('files an event under its UTC date and sends that digest when the UTC day ends', () => {
    expect(digestDayOf(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(digestDayOf(new Date('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(digestSendAt('2026-11-25').toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(digestSendAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  const event = (over: Partial<AlertEvent>): AlertEvent => ({
    eventType: 'consensus_confirmed',
    bias: 'long',
    shareTenths: 725,
    at: new Date('2026-11-25T14:05:00Z'),
    symbol: 'EUR/USD',
    timeframe: 'H1',
    ...over,
  });

  it('groups events by cell, cells by first event, events oldest first', () => {
    const exit = event({ eventType: 'consensus_exit', shareTenths: 380, at: new Date('2026-11-25T16:10:00Z') });
    const gold = event({ symbol: 'XAU/USD', timeframe: 'D1', bias: 'short', shareTenths: 610, at: new Date('2026-11-25T15:00:00Z') });
    const first = event({});
    const cells = groupDigest([exit, gold, first]);
    expect(cells.map((c) => `${c.symbol} ${c.timeframe}`)).toEqual(['EUR/USD H1', 'XAU/USD D1']);
    expect(cells[0]!.events).toEqual([first, exit]);
    const text = digestText('2026-11-25', [exit, gold, first]);
    expect(text.title).toBe('Daily trading alerts: 3 consensus changes on 25 Nov 2026');
    expect(text.message).toBe(
      'EUR/USD H1: Long consensus confirmed at 72.5%, 14:05; Long consensus exited (Long 38.0%), 16:10\n' +
        'XAU/USD D1: Short consensus confirmed at 61.0%, 15:00\n' +
        "Times in UTC. This is the traders' consensus, not financial advice.",
    );
    expect(digestText('2026-11-25', [first]).title).toBe('Daily trading alerts: 1 consensus change on 25 Nov 2026');
  });

  it('says what an immediate alert is about', () => {
    expect(immediateAlertText(event({}))).toEqual({
      title: 'EUR/USD H1: Long consensus confirmed',
      message: "EUR/USD H1: Long consensus confirmed at 72.5%, 14:05 UTC. This is the traders' consensus, not financial advice.",
    });
    expect(immediateAlertText(event({ eventType: 'consensus_exit', bias: 'short', shareTenths: 400 })).title).toBe('EUR/USD H1: Short consensus exited');
  });
});

describe('the Trading Alerts settings', () => {
  it('switches trading alerts off, and e-mails them only with both e-mail choices on', () => {
    const on = DEFAULT_NOTIFICATION_SETTINGS;
    expect(isTypeEnabled('trading_alert', on)).toBe(true);
    expect(shouldEmail('trading_alert', on)).toBe(true);
    expect(isTypeEnabled('trading_alert', { ...on, trading_alerts: false })).toBe(false);
    expect(shouldEmail('trading_alert', { ...on, trading_alerts_email: false })).toBe(false);
    expect(shouldEmail('trading_alert', { ...on, email_notifications: false })).toBe(false);
    expect(shouldEmail('commission', { ...on, trading_alerts_email: false })).toBe(true);
  });

  it('opens the compass when a trading alert is clicked', () => {
    expect(notificationTarget({ type: 'trading_alert', action_required: false, data: { eventId: 1 } })).toBe('/trading-compass');
    expect(notificationTarget({ type: 'system', action_required: false, data: null })).toBeNull();
  });
});
