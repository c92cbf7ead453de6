import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, entryWindows } from '@myeai/db';
import { ROLES, type EntryWindow } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { openWindow, pairIds, POOL_EMAILS, signInPool, vote, voteAll } from '../../trading/__tests__/trading-helpers.ts';

describe.each(testDatabaseKinds())('trading admin API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let pool: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
    pool = await signInPool(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
    t.inject({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  /** The audit rows of one action, newest first (the test clock stands still, so order by time alone cannot tell them apart). */
  const audits = async (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt));

  it('adds, edits and deactivates an asset, each write audited; symbols are unique; bad input is refused with the message', async () => {
    const created = await call('POST', '/api/trading/admin/assets', { symbol: ' sol/usd ', name: 'Solana', asset_class: 'crypto' });
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json();
    expect(asset).toMatchObject({ symbol: 'SOL/USD', name: 'Solana', asset_class: 'crypto', is_active: true });
    expect(await audits('trading.asset.create')).toContainEqual(expect.objectContaining({ target: 'asset SOL/USD', actorId: expect.any(String) }));

    const duplicate = await call('POST', '/api/trading/admin/assets', { symbol: 'SOL/USD', name: 'Again', asset_class: 'crypto' });
    expect(duplicate.statusCode).toBe(409);
    for (const [payload, message] of [
      [{ symbol: '', name: 'x', asset_class: 'crypto' }, 'Symbol is required.'],
      [{ symbol: 'ABC', name: 'x', asset_class: 'bonds' }, 'Asset class must be one of forex, crypto, indices, commodities, stocks.'],
      [{ symbol: 'A B', name: 'x', asset_class: 'forex' }, 'Symbol may hold letters, digits and . / : _ - only (at most 20).'],
      [{ symbol: 'ABC', name: '  ', asset_class: 'forex' }, 'Name is required.'],
    ] as const) {
      const refused = await call('POST', '/api/trading/admin/assets', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect((await call('POST', '/api/trading/admin/assets', { symbol: 'X1', name: 'x', asset_class: 'forex', id: 'mine' })).statusCode).toBe(400);

    const edited = await call('PUT', `/api/trading/admin/assets/${asset.id}`, { symbol: 'SOL/USD', name: 'Solana (SOL)', asset_class: 'crypto' });
    expect(edited.json()).toMatchObject({ name: 'Solana (SOL)', is_active: true });
    expect(await audits('trading.asset.update')).not.toHaveLength(0);

    const listed = (await call('GET', '/api/trading/assets', undefined, pool[0])).json().assets.map((a: { symbol: string }) => a.symbol);
    expect(listed).toContain('SOL/USD');
    const removed = await call('DELETE', `/api/trading/admin/assets/${asset.id}`);
    expect(removed.json()).toMatchObject({ is_active: false });
    expect(await audits('trading.asset.deactivate')).toContainEqual(expect.objectContaining({ target: 'asset SOL/USD', actorId: expect.any(String) }));
    expect((await call('GET', '/api/trading/admin/assets')).json().assets.some((a: { id: string }) => a.id === asset.id)).toBe(false);
    expect((await call('GET', '/api/trading/admin/assets?include_inactive=true')).json().assets.some((a: { id: string }) => a.id === asset.id)).toBe(true);
    // Gone from the market and the grid; a window cannot be opened on it.
    expect((await call('GET', '/api/trading/sentiment/grid')).json().assets.some((a: { id: string }) => a.id === asset.id)).toBe(false);
    const m5 = await pairIds(t, 'EUR/USD', 'M5');
    expect((await openWindow(t, pool[0]!, { assetId: asset.id, timeframeId: m5.timeframeId })).statusCode).toBe(404);
    // Reactivated by PUT.
    expect((await call('PUT', `/api/trading/admin/assets/${asset.id}`, { symbol: 'SOL/USD', name: 'Solana', asset_class: 'crypto', is_active: true })).json().is_active).toBe(true);
    expect((await call('PUT', '/api/trading/admin/assets/00000000-0000-4000-8000-000000000000', { symbol: 'Q', name: 'q', asset_class: 'forex' })).statusCode).toBe(404);
  });

  it('adds, edits and deactivates a timeframe; minutes and voting window are whole numbers of at least 1', async () => {
    const created = await call('POST', '/api/trading/admin/timeframes', { code: 'm30', label: '30 Minutes', minutes: 30, voting_window_minutes: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const timeframe = created.json();
    expect(timeframe).toMatchObject({ code: 'M30', minutes: 30, voting_window_minutes: 10, premium: false, is_active: true });
    expect(await audits('trading.timeframe.create')).toContainEqual(expect.objectContaining({ target: 'timeframe M30', actorId: expect.any(String) }));
    for (const [payload, message] of [
      [{ code: 'X', label: 'x', minutes: 0, voting_window_minutes: 1 }, 'Minutes must be a whole number of at least 1.'],
      [{ code: 'X', label: 'x', minutes: 1.5, voting_window_minutes: 1 }, 'Minutes must be a whole number of at least 1.'],
      [{ code: 'X', label: 'x', minutes: '5', voting_window_minutes: 1 }, 'Minutes must be a whole number of at least 1.'],
      [{ code: 'X', label: 'x', minutes: 5, voting_window_minutes: -1 }, 'Voting window minutes must be a whole number of at least 1.'],
      [{ code: 'X', label: 'x', minutes: 5, voting_window_minutes: null }, 'Voting window minutes must be a whole number of at least 1.'],
    ] as const) {
      const refused = await call('POST', '/api/trading/admin/timeframes', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    expect((await call('POST', '/api/trading/admin/timeframes', { code: 'M30', label: 'again', minutes: 30, voting_window_minutes: 10 })).statusCode).toBe(409);

    // The new timeframe's voting window sets closes_at.
    const eur = await pairIds(t, 'EUR/USD', 'M5');
    const opened = (await openWindow(t, pool[0]!, { assetId: eur.assetId, timeframeId: timeframe.id })).json().window as EntryWindow;
    expect(Date.parse(opened.closes_at) - Date.parse(opened.opened_at)).toBe(10 * 60_000);

    expect((await call('PUT', `/api/trading/admin/timeframes/${timeframe.id}`, { code: 'M30', label: 'Half hour', minutes: 30, voting_window_minutes: 12 })).json()).toMatchObject({ label: 'Half hour', voting_window_minutes: 12 });
    expect((await call('DELETE', `/api/trading/admin/timeframes/${timeframe.id}`)).json()).toMatchObject({ is_active: false });
    expect(await audits('trading.timeframe.deactivate')).not.toHaveLength(0);
    expect((await call('GET', '/api/trading/timeframes', undefined, pool[0])).json().timeframes.map((tf: { code: string }) => tf.code)).toEqual(['M5', 'M15', 'H1', 'H4', 'D1', 'W1', 'W4']);
  });

  it('lists the trader pool with tiers (lead labelled Corpus) and the Elite Pool check; saves weight, specialization and KYC', async () => {
    const list = (await call('GET', '/api/trading/admin/traders')).json();
    expect(list.pool).toEqual({ valid: true, size: 13, counts: { lead: 1, senior: 3, regular: 9 }, total_weight: 100, problems: [] });
    const lead = list.traders.find((tr: { email: string }) => tr.email === 'trader@demo.myeai.local');
    expect(lead).toMatchObject({ weight: 46, tier: 'lead', tier_label: 'Corpus', is_active: true, kyc_verified: true, email_local: 'trader' });
    const multi = list.traders.find((tr: { email: string }) => tr.email === 'multi@demo.myeai.local');
    expect(multi).toMatchObject({ has_profile: false, is_active: false, weight: 3, tier: 'regular' });
    // The seed's last-seen times: some active, some idle.
    expect(new Set(list.traders.filter((tr: { has_profile: boolean }) => tr.has_profile).map((tr: { status: string }) => tr.status))).toEqual(new Set(['active', 'idle']));

    const regular = (await getUserByEmail(t.database.db, POOL_EMAILS[12]!))!;
    for (const weight of [100.01, -0.1, 46.05, Number.NaN]) {
      expect((await call('PUT', `/api/trading/admin/traders/${regular.id}`, { weight, specialization: null, kyc_verified: true, is_active: true })).statusCode, String(weight)).toBe(400);
    }
    // A fourth senior breaks the 1 + 3 + 9 mix (DESIGN.md decision 38): refused, nothing saved.
    const fourthSenior = await call('PUT', `/api/trading/admin/traders/${regular.id}`, { weight: 8.5, specialization: 'momentum', kyc_verified: false, is_active: true });
    expect(fourthSenior.statusCode).toBe(409);
    expect(fourthSenior.json().error.message).toBe('The Elite Pool needs exactly 3 Senior (now 4): 1 Lead + 3 Senior + 9 Regular.');
    const saved = await call('PUT', `/api/trading/admin/traders/${regular.id}`, { weight: 7.5, specialization: 'momentum', kyc_verified: false, is_active: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ weight: 7.5, tier: 'regular', tier_label: 'Regular', specialization: 'momentum', kyc_verified: false });
    expect(await audits('trading.trader.update')).toContainEqual(expect.objectContaining({ target: 'trader trader13', actorId: expect.any(String) }));
    const after = (await call('GET', '/api/trading/admin/traders')).json();
    expect(after.pool).toMatchObject({ valid: true, counts: { lead: 1, senior: 3, regular: 9 } });

    // A 14th active trader is refused: the Elite Pool is full.
    const full = await call('PUT', `/api/trading/admin/traders/${multi.user_id}`, { weight: 3, specialization: null, kyc_verified: true, is_active: true });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe('The Elite Pool is full: 13 active traders. Deactivate one first.');
    // Restore.
    await call('PUT', `/api/trading/admin/traders/${regular.id}`, { weight: 3, specialization: 'intraday', kyc_verified: true, is_active: true });
    // Not a trader: 404.
    const affiliate = (await getUserByEmail(t.database.db, 'affiliate@demo.myeai.local'))!;
    expect((await call('PUT', `/api/trading/admin/traders/${affiliate.id}`, { weight: 3, specialization: null, kyc_verified: true, is_active: true })).statusCode).toBe(404);
  });

  it('keeps the thresholds inside their ranges and uses the saved ones at the next close', async () => {
    const settings = (await call('GET', '/api/trading/admin/settings')).json();
    expect(settings).toMatchObject({
      consensus_mode: 'fixed',
      confirmation_threshold: 50,
      exit_threshold: 47,
      submission_window_start: '06:00',
      submission_window_end: '08:00',
      submission_time_zone: 'America/New_York',
      max_consensus_size: 12,
      ranges: { confirmation_threshold: { min: 45, max: 70, default: 50 }, exit_threshold: { min: 35, max: 50, default: 47 } },
    });
    // 2026-11-23 is EST: 06:00-08:00 New York is 11:00-13:00 UTC.
    expect(settings.submission_window_today).toMatchObject({ date: '2026-11-23', starts_at: '2026-11-23T11:00:00.000Z', ends_at: '2026-11-23T13:00:00.000Z' });
    for (const body of [
      { confirmation_threshold: 44 },
      { confirmation_threshold: 71 },
      { confirmation_threshold: 50.5 },
      { confirmation_threshold: '50' },
      { exit_threshold: 34 },
      { exit_threshold: 51 },
      { max_consensus_size: 0 },
      { max_consensus_size: 21 },
      { submission_window_start: '6:00' },
      { consensus_mode: 'chaos' },
      { unknown: true },
    ]) {
      expect((await call('PUT', '/api/trading/admin/settings', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const crossed = await call('PUT', '/api/trading/admin/settings', { confirmation_threshold: 45, exit_threshold: 48 });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.message).toBe('The exit threshold must not be above the confirmation threshold.');
    const reversed = await call('PUT', '/api/trading/admin/settings', { submission_window_start: '09:00', submission_window_end: '08:00' });
    expect(reversed.json().error.message).toBe('The submission window must start before it ends.');
    expect((await call('GET', '/api/trading/admin/settings')).json().confirmation_threshold).toBe(50);
    expect((await call('PUT', '/api/trading/admin/settings', { confirmation_threshold: 50 }, pool[0])).statusCode).toBe(403);

    const saved = await call('PUT', '/api/trading/admin/settings', { confirmation_threshold: 70, exit_threshold: 50 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ confirmation_threshold: 70, exit_threshold: 50 });
    expect(await audits('trading.settings.update')).toContainEqual(expect.objectContaining({ target: 'consensus settings', actorId: expect.any(String) }));

    // A 55 % long window no longer confirms at 70. NAS100's seeded history is cleared first: the
    // next test reads today's NAS100 line of the consensus status as this one window.
    const pair = await pairIds(t, 'NAS100', 'M5');
    await t.database.db.delete(entryWindows).where(eq(entryWindows.assetId, pair.assetId));
    const window = (await openWindow(t, pool[1]!, pair)).json().window as EntryWindow;
    await voteAll(t, pool, window.id, 'LLSSSSSSSSSSS');
    const [stored] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, window.id));
    expect(stored).toMatchObject({ longTenths: 550, confirmedBias: null, confirmationThreshold: 70, exitThreshold: 50 });
    const mode = await call('PUT', '/api/trading/admin/settings', { consensus_mode: 'fixed' });
    expect(mode.statusCode).toBe(200);
    expect(await audits('trading.consensus_mode.update')).not.toHaveLength(0);
    await call('PUT', '/api/trading/admin/settings', { confirmation_threshold: 50, exit_threshold: 47 });
  });

  it('computes the stat cards, the consensus status, the leaderboard, the flow chart, the detailed windows and the feed', async () => {
    const stats = (await call('GET', '/api/trading/admin/stats')).json();
    expect(stats).toMatchObject({ total_traders: 14, active_traders: 13, active_assets: 13, accuracy_label: 'Agreement with confirmed consensus (no price feed)' });
    expect(stats.avg_accuracy).toBeGreaterThan(0);

    const status = (await call('GET', '/api/trading/admin/consensus/status')).json();
    expect(status).toMatchObject({ date: '2026-11-23', time_zone: 'America/New_York', consensus_mode: 'fixed' });
    expect(status.submission_stats.total_traders).toBe(13);
    expect(status.submission_stats.total_submissions).toBeGreaterThanOrEqual(13);
    const nas = status.daily_consensus.find((row: { symbol: string }) => row.symbol === 'NAS100');
    expect(nas).toMatchObject({ final_signal: 'pending', submission_count: 13, windows_closed: 1 });

    const leaderboard = (await call('GET', '/api/trading/admin/leaderboard')).json();
    expect(leaderboard.rows).toHaveLength(10);
    expect(leaderboard.rows.map((row: { rank: number }) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Ranked by the shrunk market hit rate (decision 072), the agreement figure beside it.
    const shrunk = leaderboard.rows.map((row: { shrunk_hit_rate: number }) => row.shrunk_hit_rate);
    expect(shrunk).toEqual([...shrunk].sort((a: number, b: number) => b - a));
    expect(leaderboard.prior_weight).toBe(20);
    for (const row of leaderboard.rows) expect(row.accuracy_color).toBe(row.accuracy_rate >= 70 ? 'green' : row.accuracy_rate >= 50 ? 'orange' : 'red');

    const flow = (await call('GET', '/api/trading/admin/flow?range=24h')).json();
    expect([flow.hierarchy.lead.length, flow.hierarchy.senior.length, flow.hierarchy.regular.length]).toEqual([1, 3, 9]);
    expect(flow.hierarchy.lead[0]).toMatchObject({ email_local: 'trader', weight: 46 });
    expect(flow.activity.buckets).toHaveLength(24);
    expect(flow.activity.buckets.reduce((sum: number, b: { votes_cast: number }) => sum + b.votes_cast, 0)).toBe(flow.activity.votes_cast);
    expect((await call('GET', '/api/trading/admin/flow?range=7d')).json().activity.buckets).toHaveLength(7);
    expect((await call('GET', '/api/trading/admin/flow?range=30d')).json().activity.buckets).toHaveLength(30);
    expect((await call('GET', '/api/trading/admin/flow?range=1y')).statusCode).toBe(400);

    // A live window with two votes: admins see who voted how.
    const pair = await pairIds(t, 'GER40', 'M15');
    t.clock.advance(1000);
    const window = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    await vote(t, pool[0]!, window.id, 'long', 80);
    t.clock.advance(1000);
    await vote(t, pool[4]!, window.id, 'short', 30);
    const detailed = (await call('GET', '/api/trading/admin/windows/detailed')).json();
    expect(detailed.windows).toHaveLength(6);
    expect(detailed.windows[0]).toMatchObject({
      window_id: window.id,
      asset_symbol: 'GER40',
      timeframe_name: 'M15',
      status: 'open',
      total_votes: 2,
      missing_traders: 11,
      long_percentage: 93.9,
      short_percentage: 6.1,
      opened_by_email_local: 'trader',
      voter_details: [
        { trader_email_local: 'trader', weight: 46, bias: 'long', confidence: 80 },
        { trader_email_local: 'trader5', weight: 3, bias: 'short', confidence: 30 },
      ],
    });
    const feed = (await call('GET', '/api/trading/admin/feed?limit=20')).json();
    expect(feed.events.map((e: { kind: string }) => e.kind).slice(0, 3)).toEqual(['vote_update_admin', 'vote_update_admin', 'position_initiated']);
    expect(feed.events[0].payload.voter).toMatchObject({ trader_email_local: 'trader5', weight: 3, bias: 'short' });
  });

  it('refuses every admin endpoint to every other role', async () => {
    const urls = ['/api/trading/admin/assets', '/api/trading/admin/traders', '/api/trading/admin/settings', '/api/trading/admin/stats', '/api/trading/admin/leaderboard', '/api/trading/admin/flow', '/api/trading/admin/windows/detailed', '/api/trading/admin/feed', '/api/trading/admin/consensus/status'];
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const cookie = await t.signInAs(role);
      for (const url of urls) expect((await t.inject({ method: 'GET', url, cookie })).statusCode, `${role} ${url}`).toBe(403);
      expect((await t.inject({ method: 'POST', url: '/api/trading/admin/assets', cookie, payload: { symbol: 'HACK', name: 'x', asset_class: 'forex' } })).statusCode).toBe(403);
    }
  });
});
