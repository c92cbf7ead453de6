import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consensusEvents, entryWindows, jobs, mailOutbox, notifications, subscriptions, traders } from '@myeai/db';
import { SentimentGridSchema, TraderGridSchema, type EntryWindow, type SentimentGrid } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { getUserByEmail } from '../../auth/index.ts';
import { closeWindow } from '../windows.service.ts';
import { emptyPairIds, expectAnonymous, openWindow, pairIds, POOL_EMAILS, signInPool, vote, voteAll } from './trading-helpers.ts';

describe.each(testDatabaseKinds())('trading API on %s', (kind) => {
  let t: TestApp;
  let pool: string[];
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await signInPool(t);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  const grid = async (cookie: string) => {
    const response = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, grid: SentimentGridSchema.parse(response.json()) as SentimentGrid };
  };
  const active = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/trading/windows/active', cookie })).json().windows as EntryWindow[];

  it('runs the full cycle: open, the rest of the pool notified, sealed counts, 13 votes close the window at once, grid and events follow', async () => {
    const pair = await emptyPairIds(t, 'ETH/USD', 'M5');
    const opened = await openWindow(t, pool[0]!, pair);
    expect(opened.statusCode, opened.body).toBe(201);
    const { window, notified_traders } = opened.json() as { window: EntryWindow; notified_traders: number };
    // The 12 other pool traders: not the opener, not multi@ (trader role, outside the pool).
    expect(notified_traders).toBe(12);
    expect(window).toMatchObject({ status: 'open', total_votes: 0, pool_size: 13, user_voted: false, opened_by_me: true, bias_counts: null });
    expect(window.asset.symbol).toBe('ETH/USD');
    expect(Date.parse(window.closes_at) - Date.parse(window.opened_at)).toBe(3 * 60_000);
    expect(window.opened_at).toBe(TEST_NOW.toISOString());

    // Every other pool trader got an action-required notification, anonymous as to who opened it.
    const trader2 = (await getUserByEmail(t.database.db, POOL_EMAILS[1]!))!;
    const [forTrader2] = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, trader2.id), eq(notifications.type, 'position_initiated')));
    expect(forTrader2).toMatchObject({ actionRequired: true, title: 'Position initiated' });
    expect(forTrader2!.data).toMatchObject({ asset: 'ETH/USD', timeframe: 'M5', windowId: window.id, initiator: 'A trader', time_remaining: 180 });
    // Nothing, in the app or by e-mail, for the opener or for a trader outside the pool (decision 024).
    for (const email of [POOL_EMAILS[0]!, 'multi@demo.myeai.local']) {
      const user = (await getUserByEmail(t.database.db, email))!;
      expect(await t.database.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'position_initiated'))), email).toEqual([]);
      expect(await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'notification.position_initiated'))), email).toEqual([]);
    }
    // The close job waits for closes_at.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `close-window:${window.id}`));
    expect(job).toMatchObject({ name: 'trading.close-window', status: 'queued' });
    expect(job!.runAt.toISOString()).toBe(window.closes_at);

    // A second window on the pair is refused with the open one's id.
    const again = await openWindow(t, pool[1]!, pair);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0]).toEqual({ path: 'window_id', message: window.id });

    // Sealed: no counts before one's own vote.
    const before = (await active(pool[5]!)).find((w) => w.id === window.id)!;
    expect(before).toMatchObject({ user_voted: false, bias_counts: null, my_vote: null });

    // Lead L, seniors L S S, regulars L L L L L S S S N: long 46+9+15 = 70, short 27, neutral 3.
    const responses = await voteAll(t, pool, window.id, 'LLSSLLLLLSSSN');
    expect(responses.map((r) => r.statusCode)).toEqual(Array(13).fill(201));
    expect(responses.slice(0, 12).every((r) => r.json().closed_window === false)).toBe(true);
    expect(responses[12]!.json()).toMatchObject({ closed_window: true, window: { status: 'closed', total_votes: 13 } });
    expect(responses[0]!.json().window).toMatchObject({ user_voted: true, bias_counts: { long: 1, short: 0, neutral: 0 }, my_vote: { bias: 'long', confidence: 50 } });

    const [stored] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, window.id));
    expect(stored).toMatchObject({ status: 'closed', closeReason: 'all_voted', longTenths: 700, shortTenths: 270, neutralTenths: 30, confirmedBias: 'long', consensusTenths: 700, standingBias: 'long', confirmationThreshold: 50, exitThreshold: 47 });
    const events = await t.database.db.select().from(consensusEvents).where(eq(consensusEvents.windowId, window.id));
    expect(events.map((e) => [e.eventType, e.confirmedBias, e.consensusTenths]).sort()).toEqual([
      ['consensus_confirmed', 'long', 700],
      ['window_opened', null, null],
    ]);

    // The job finds the window closed and changes nothing.
    t.clock.advance(4 * 60_000);
    await t.runJobs();
    const [afterJob] = await t.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `close-window:${window.id}`));
    expect(afterJob!.status).toBe('succeeded');
    expect(await t.database.db.select().from(consensusEvents).where(eq(consensusEvents.windowId, window.id))).toHaveLength(2);

    // The admin (full access) grid shows the closed window's shares and a green light.
    const { grid: adminGrid } = await grid(admin);
    expect(adminGrid.access.level).toBe('subscriber');
    expect(adminGrid.grid[pair.assetId]![pair.timeframeId]).toMatchObject({
      locked: false,
      has_data: true,
      traffic_light: 'green',
      current_bias: 'long',
      top_percentage: 70,
      long_percentage: 70,
      short_percentage: 27,
      neutral_percentage: 3,
      total_votes: 13,
      result_confirmed_bias: 'long',
      window_open: false,
      open_votes: null,
      confirmed_bias: 'long',
    });
    const recent = (await t.inject({ method: 'GET', url: `/api/trading/events?asset_id=${pair.assetId}&limit=5`, cookie: admin })).json();
    expect(recent.events[0]).toMatchObject({ event_type: 'consensus_confirmed', confirmed_bias: 'long', consensus_percentage: 70, window_id: window.id });
    const history = (await t.inject({ method: 'GET', url: `/api/trading/history?asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`, cookie: admin })).json();
    expect(history.points.at(-1)).toMatchObject({ window_id: window.id, long_percentage: 70, confirmed_bias: 'long' });

    // Scores: the lead agreed with the consensus.
    const profile = (await t.inject({ method: 'GET', url: '/api/trading/trader/profile', cookie: pool[0]! })).json();
    expect(profile).toMatchObject({ is_active: true, status_label: 'Active Trader', tier: 'lead', accuracy_label: 'Agreement with confirmed consensus (no price feed)' });
    expect(profile.votes_cast).toBeGreaterThan(0);
    const myVotes = (await t.inject({ method: 'GET', url: '/api/trading/trader/votes?limit=1', cookie: pool[2]! })).json();
    expect(myVotes.votes[0]).toMatchObject({ window_id: window.id, bias: 'short', window_status: 'closed', confirmed_bias: 'long', agreed: false });
  });

  it('refuses a second vote (409), a vote after closes_at by server time (409), and a trader outside the pool (403)', async () => {
    const pair = await pairIds(t, 'GBP/USD', 'M15');
    const window = (await openWindow(t, pool[3]!, pair)).json().window as EntryWindow;
    expect((await vote(t, pool[4]!, window.id, 'long')).statusCode).toBe(201);
    const second = await vote(t, pool[4]!, window.id, 'short');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You have already voted in this entry window.');
    const outsider = await vote(t, await t.signIn('multi@demo.myeai.local'), window.id, 'long');
    // multi@ holds trader but is not in the pool (and acts as affiliate by default: the guard answers first).
    expect(outsider.statusCode).toBe(403);
    expect((await vote(t, pool[5]!, window.id, 'sideways' as never)).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `/api/trading/windows/${window.id}/vote`, cookie: pool[5]!, payload: { bias: 'long', confidence: 101 } })).statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: `/api/trading/windows/${window.id}/vote`, cookie: pool[5]!, payload: { bias: 'long', confidence: 50.5 } })).statusCode).toBe(400);

    t.clock.set(new Date(Date.parse(window.closes_at)));
    const late = await vote(t, pool[6]!, window.id, 'long');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Voting for this entry window has closed.');
    // The card shows the window until the job closes it; then it is gone from the active list.
    expect((await active(pool[6]!)).some((w) => w.id === window.id)).toBe(true);
    await t.runJobs();
    expect((await active(pool[6]!)).some((w) => w.id === window.id)).toBe(false);
    const [stored] = await t.database.db.select().from(entryWindows).where(eq(entryWindows.id, window.id));
    // One regular's long vote is 100 % of the votes cast.
    expect(stored).toMatchObject({ status: 'closed', closeReason: 'time', longTenths: 1000, confirmedBias: 'long' });
    const closedVote = await vote(t, pool[7]!, window.id, 'long');
    expect(closedVote.statusCode).toBe(409);
    expect(closedVote.json().error.message).toBe('This entry window has closed.');
  });

  it('gives users without a plan no figures for premium timeframes, delays preview data by 2 hours (a newcomer without a trial too) and refuses the rest', async () => {
    const free = await t.signInAs('subscriber_free');
    const { grid: freeGrid, body } = await grid(free);
    expect(freeGrid.access).toMatchObject({ level: 'preview', has_plan: false, premium_locked: true, delay_minutes: 120, locked_timeframe_codes: ['H1', 'H4', 'D1', 'W1', 'W4'] });
    const premium = freeGrid.timeframes.filter((tf) => ['H1', 'H4', 'D1', 'W1', 'W4'].includes(tf.code));
    expect(premium).toHaveLength(5);
    for (const tf of premium) {
      expect(tf.locked).toBe(true);
      for (const asset of freeGrid.assets) expect(freeGrid.grid[asset.id]![tf.id]).toEqual({ locked: true });
    }
    // The seeded H1/H4/D1 history exists, yet none of its figures is in the answer.
    const adminGrid = (await grid(admin)).grid;
    const xau = await pairIds(t, 'XAU/USD', 'H1');
    expect(adminGrid.grid[xau.assetId]![xau.timeframeId]).toMatchObject({ has_data: true, long_percentage: expect.any(Number) });
    expect(JSON.stringify(freeGrid.grid[xau.assetId]![xau.timeframeId])).toBe('{"locked":true}');
    expectAnonymous(body);

    const detail = (await t.inject({ method: 'GET', url: `/api/trading/sentiment/detail?asset_id=${xau.assetId}&timeframe_id=${xau.timeframeId}`, cookie: free })).json();
    expect(detail).toMatchObject({ cell: { locked: true }, open_window: null, timeframe: { locked: true } });
    const history = (await t.inject({ method: 'GET', url: `/api/trading/history?asset_id=${xau.assetId}&timeframe_id=${xau.timeframeId}`, cookie: free })).json();
    expect(history).toMatchObject({ locked: true, points: [] });
    const events = (await t.inject({ method: 'GET', url: '/api/trading/events?limit=50', cookie: free })).json();
    expect(events.events.length).toBeGreaterThan(0);
    expect(events.events.every((e: { timeframe: { code: string } }) => ['M5', 'M15'].includes(e.timeframe.code))).toBe(true);

    // Preview is 2 hours behind: the ETH/USD M5 window that just closed is not visible yet.
    const eth = await pairIds(t, 'ETH/USD', 'M5');
    expect(freeGrid.grid[eth.assetId]![eth.timeframeId]).toMatchObject({ has_data: false });
    expect(adminGrid.grid[eth.assetId]![eth.timeframeId]).toMatchObject({ has_data: true });
    t.clock.advance(2 * 3_600_000 + 60_000);
    expect((await grid(free)).grid.grid[eth.assetId]![eth.timeframeId]).toMatchObject({ has_data: true, traffic_light: 'green', long_percentage: 70 });

    // A newcomer who has not started the free trial has preview access (the trial's live view of
    // 3 assets: compass-access-level.test.ts).
    expect((await grid(await t.signInAs('newcomer'))).grid.access).toMatchObject({ level: 'preview', delay_minutes: 120, asset_limit: null });

    // The demo subscriber's paid plan (demo seed) opens everything; once it has ended, the subscriber
    // role alone (like an investor) gets the Subscription Required page, no data at all.
    expect((await grid(await t.signInAs('subscriber'))).grid.access).toMatchObject({ level: 'subscriber', has_plan: true, premium_locked: false });
    const subscriber = (await getUserByEmail(t.database.db, 'subscriber@demo.myeai.local'))!;
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, subscriber.id));
    for (const role of ['subscriber', 'investor'] as const) {
      const none = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: await t.signInAs(role) });
      expect(none.json()).toMatchObject({ access: { level: 'none' }, assets: [], timeframes: [], grid: {} });
      const noEvents = await t.inject({ method: 'GET', url: '/api/trading/events', cookie: await t.signInAs(role) });
      expect(noEvents.json().events).toEqual([]);
    }
  });

  it('serves the grid from a cache that a vote invalidates, with an ETag', async () => {
    const first = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"grid-subscriber-/);
    const unchanged = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const pair = await emptyPairIds(t, 'USD/JPY', 'M5');
    const window = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    expect((await vote(t, pool[1]!, window.id, 'short')).statusCode).toBe(201);
    const changed = await t.inject({ method: 'GET', url: '/api/trading/sentiment/grid', cookie: admin, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    // One Short vote in an open window: its count, and no share of it presented as a consensus (decision 050).
    expect(changed.json().grid[pair.assetId][pair.timeframeId]).toEqual({
      locked: false,
      has_data: false,
      traffic_light: 'grey',
      current_bias: null,
      top_percentage: null,
      long_percentage: 0,
      short_percentage: 0,
      neutral_percentage: 0,
      total_votes: 0,
      result_confirmed_bias: null,
      window_open: true,
      open_votes: 1,
      open_pool_size: 13,
      confirmed_bias: null,
      last_updated: null,
    });
  });

  it('keeps every non-admin answer anonymous: no trader ids, e-mails, weights or voter details', async () => {
    const pair = await pairIds(t, 'BTC/USD', 'M5');
    const window = (await openWindow(t, pool[2]!, pair)).json().window as EntryWindow;
    await vote(t, pool[0]!, window.id, 'long');
    const reads = [
      '/api/trading/windows/active',
      `/api/trading/windows/${window.id}`,
      '/api/trading/sentiment/grid',
      `/api/trading/sentiment/detail?asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`,
      '/api/trading/events?limit=50',
      `/api/trading/history?asset_id=${pair.assetId}&timeframe_id=${pair.timeframeId}`,
      '/api/trading/trader/votes',
      '/api/trading/assets',
      '/api/trading/timeframes',
      '/api/trading/access',
    ];
    for (const url of reads) {
      const response = await t.inject({ method: 'GET', url, cookie: pool[0]! });
      expect(response.statusCode, url).toBe(200);
      expectAnonymous(response.body);
    }
    const profile = await t.inject({ method: 'GET', url: '/api/trading/trader/profile', cookie: pool[0]! });
    expect(profile.body).not.toContain('"weight"');
    const notificationList = await t.inject({ method: 'GET', url: '/api/notifications?limit=100', cookie: pool[5]! });
    expect(notificationList.body).toContain('"initiator":"A trader"');
    expectAnonymous(notificationList.body);
    // The admin-only endpoints refuse traders.
    for (const url of ['/api/trading/admin/windows/detailed', '/api/trading/admin/traders', '/api/trading/admin/leaderboard', '/api/trading/admin/feed']) {
      expect((await t.inject({ method: 'GET', url, cookie: pool[0]! })).statusCode, url).toBe(403);
    }
  });

  it('a vote request reads as its window stands: open, then closed (no "before it closes") once closes_at has passed', async () => {
    const pair = await pairIds(t, 'EUR/USD', 'M15');
    const opened = await openWindow(t, pool[2]!, pair);
    expect(opened.statusCode, opened.body).toBe(201);
    const window = opened.json().window as EntryWindow;
    const request = async () => {
      const response = await t.inject({ method: 'GET', url: '/api/notifications?filter=all&limit=50', cookie: pool[4]! });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { data: { windowId?: string } | null; title: string; message: string; action_required: boolean }[]).find((n) => n.data?.windowId === window.id)!;
    };
    expect(await request()).toMatchObject({ title: 'Position initiated', action_required: true, message: 'EUR/USD M15: an entry window is open for 5 minutes. Cast your vote before it closes.' });
    // Read 15 minutes after the window closed.
    t.clock.set(new Date(Date.parse(window.closes_at) + 15 * 60_000));
    await t.runJobs();
    const closedAt = new Date(window.closes_at);
    const hhmm = `${String(closedAt.getUTCHours()).padStart(2, '0')}:${String(closedAt.getUTCMinutes()).padStart(2, '0')}`;
    expect(await request()).toMatchObject({ title: 'Entry window closed', action_required: false, message: `EUR/USD M15: this entry window closed at ${hhmm} UTC, so voting on it is over.` });
  });

  it('records the trader counters only once per close', async () => {
    const lead = (await getUserByEmail(t.database.db, POOL_EMAILS[0]!))!;
    const [row] = await t.database.db.select().from(traders).where(eq(traders.userId, lead.id));
    expect(row!.scoredVotes).toBeLessThanOrEqual(row!.votesCast);
    expect(row!.agreedVotes).toBeLessThanOrEqual(row!.scoredVotes);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'trading.settings.update'));
    expect(audits).toEqual([]);
  });
  it('the trader desk grid: per cell the last result, its age and the standing bias; an open window sealed to its count, with the caller’s vote marked; engagement counts closed windows only', async () => {
    const pair = await emptyPairIds(t, 'USD/JPY', 'H4');
    const profile = async (cookie: string) => (await t.inject({ method: 'GET', url: '/api/trading/trader/profile', cookie })).json() as { votes_cast: number; windows_seen: number; engagement: number | null };
    const desk = async (cookie: string) => {
      const response = await t.inject({ method: 'GET', url: '/api/trading/trader/grid', cookie });
      expect(response.statusCode, response.body).toBe(200);
      return TraderGridSchema.parse(response.json());
    };
    const before = await profile(pool[1]!);

    // The demo's week of history fills most cells: a result, its age, the standing bias.
    const seeded = await desk(pool[0]!);
    expect(seeded.assets).toHaveLength(12);
    const filled = Object.values(seeded.cells).flatMap((row) => Object.values(row)).filter((cell) => cell.has_data);
    expect(filled.length).toBeGreaterThanOrEqual(70);
    expect(filled.every((cell) => cell.last_updated !== null && cell.open_window_id === null && !cell.user_voted)).toBe(true);

    const window = (await openWindow(t, pool[0]!, pair)).json().window as EntryWindow;
    expect((await vote(t, pool[1]!, window.id, 'long')).statusCode).toBe(201);
    const forVoter = (await desk(pool[1]!)).cells[pair.assetId]![pair.timeframeId]!;
    expect(forVoter).toMatchObject({ window_open: true, open_votes: 1, open_pool_size: 13, open_window_id: window.id, user_voted: true, has_data: false, top_percentage: null, long_percentage: 0 });
    expect((await desk(pool[2]!)).cells[pair.assetId]![pair.timeframeId]).toMatchObject({ open_window_id: window.id, user_voted: false });
    // An admin may watch the desk (outside the pool: never voted).
    expect((await desk(admin)).cells[pair.assetId]![pair.timeframeId]).toMatchObject({ open_votes: 1, user_voted: false });
    expectAnonymous(JSON.stringify(await desk(pool[2]!)));

    // A vote in a window still open does not count toward engagement yet.
    expect(await profile(pool[1]!)).toMatchObject({ votes_cast: before.votes_cast, windows_seen: before.windows_seen });
    t.clock.set(new Date(Date.parse(window.closes_at)));
    // This window only (the close job would also close the other tests' overdue windows).
    expect(await closeWindow(t.database.db, t.clock, window.id)).toBe('closed');
    expect(await profile(pool[1]!)).toMatchObject({ votes_cast: before.votes_cast + 1, windows_seen: before.windows_seen + 1 });
    const closed = (await desk(pool[1]!)).cells[pair.assetId]![pair.timeframeId]!;
    expect(closed).toMatchObject({ window_open: false, open_votes: null, open_window_id: null, has_data: true, result_confirmed_bias: 'long', top_percentage: 100, confirmed_bias: 'long', last_updated: window.closes_at });
    expect((await t.inject({ method: 'GET', url: '/api/trading/trader/grid', cookie: await t.signInAs('subscriber') })).statusCode).toBe(403);
  });
});
