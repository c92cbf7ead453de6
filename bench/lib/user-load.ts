import { dashboardPaths, videoWidgetsPath } from '@myeai/domain';
import WebSocket from 'ws';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { SESSION_COOKIE } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { ensureTradingData, givePlan } from '../scenarios/trading-1-grid.ts';
import type { BenchContext, BenchUser } from './scenario.ts';

export type UserLoadSettings = { users: number; durationSeconds: number; minPauseSeconds: number; maxPauseSeconds: number; seed: number };

export type RouteStats = { route: string; requests: number; p50Ms: number; p99Ms: number; maxMs: number; errors: number; conflicts: number };

export type UserLoadResult = {
  users: number;
  durationSeconds: number;
  seed: number;
  roles: Record<string, number>;
  /** Every simulated user's one socket on /ws: opened, and still open when the run ended. */
  sockets: { opened: number; openAtEnd: number; closedEarly: number };
  actions: Record<string, number>;
  /** Sign-ins that waited for the per-address limit (10 a minute) and became a dashboard visit. */
  signInsDeferred: number;
  routes: RouteStats[];
  requests: number;
  errors: number;
  /** The first few errors, to know where to look. */
  errorSamples: string[];
};

const PASSWORD = 'bench-load-password';
// POST /api/auth/password allows 10 sign-ins a minute per address, and every simulated user
// signs in from 127.0.0.1: the run stays under it instead of measuring the limiter's 429.
const SIGN_INS_PER_MINUTE = 9;

/** mulberry32: a small seeded generator, so two runs with the same seed act alike. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SimUser = BenchUser & { role: 'affiliate' | 'subscriber' | 'trader'; random: () => number; socket?: WebSocket };
type Action = 'sign-in' | 'dashboard' | 'leads' | 'compass' | 'notifications' | 'vote';

const ACTIONS: Record<SimUser['role'], Action[]> = {
  affiliate: ['sign-in', 'dashboard', 'leads', 'compass', 'notifications'],
  subscriber: ['sign-in', 'dashboard', 'compass', 'notifications'],
  trader: ['sign-in', 'dashboard', 'compass', 'notifications', 'vote'],
};

/** Creates `count` users (1 in 10 a trader, 1 in 10 a subscriber with a plan, the rest affiliates), each signed in and with a password. */
async function createSimUsers(ctx: BenchContext, count: number, seed: number): Promise<SimUser[]> {
  const users: SimUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const role = i % 10 === 0 ? 'trader' : i % 10 === 1 ? 'subscriber' : 'affiliate';
    const user = await ctx.createUser({ roles: [role], name: `Load User ${i + 1}` });
    if (role === 'subscriber') await givePlan(ctx, user);
    users.push({ ...user, role, random: seeded(seed + i) });
  }
  // One hash for all: scrypt per user would take minutes, and sign-in verifies it all the same.
  await ctx.sql('update users set password_hash = $1 where id = any($2::uuid[])', [await hashPassword(PASSWORD), users.map((u) => u.id)]);
  const traders = users.filter((u) => u.role === 'trader');
  await ctx.sql(
    `insert into traders (user_id, weight_tenths, kyc_verified, is_active, created_at, updated_at)
     select u, 10, true, true, now(), now() from unnest($1::uuid[]) as t(u)`,
    [traders.map((t) => t.id)],
  );
  return users;
}

function openSocket(url: string, user: SimUser): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie: user.cookie }, perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`socket refused: HTTP ${response.statusCode}`)));
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

/**
 * `settings.users` simulated people for `settings.durationSeconds`: each signed in, holding one
 * socket on /ws (the live channel allows 5 a session), and every 5-15 s (seeded) doing one thing
 * their role may: sign in again, open the Business Hub, the leads, the compass grid, the
 * notifications, or (traders) vote in an open entry window. Every request is timed per route.
 */
export async function runUserLoad(ctx: BenchContext, settings: UserLoadSettings): Promise<UserLoadResult> {
  await ensureTradingData(ctx);
  const pairs = (await ctx.sql('select a.id as asset_id, t.id as timeframe_id from trading_assets a cross join trading_timeframes t')).rows as { asset_id: string; timeframe_id: string }[];
  ctx.log(`users: creating ${settings.users} users`);
  const users = await createSimUsers(ctx, settings.users, settings.seed);

  const samples = new Map<string, { times: number[]; errors: number; conflicts: number }>();
  const errorSamples: string[] = [];
  let errors = 0;
  const fail = (message: string) => {
    errors += 1;
    if (errorSamples.length < 10) errorSamples.push(message);
  };
  const record = (route: string, ms: number, outcome: 'ok' | 'error' | 'conflict') => {
    const entry = samples.get(route) ?? { times: [], errors: 0, conflicts: 0 };
    samples.set(route, entry);
    entry.times.push(ms);
    if (outcome === 'error') entry.errors += 1;
    if (outcome === 'conflict') entry.conflicts += 1;
  };

  /** One timed request; `conflictOk`: a 409 the app answers for a race another user won (window full, already open). */
  async function request(user: SimUser, route: string, method: 'GET' | 'POST', path: string, body?: unknown, conflictOk = false): Promise<{ text: string; headers: Headers } | undefined> {
    const start = performance.now();
    try {
      const response = await fetch(new URL(path, ctx.baseUrl), {
        method,
        headers: { cookie: user.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - start;
      if (conflictOk && response.status === 409) {
        record(route, ms, 'conflict');
        return undefined;
      }
      if (response.status < 200 || response.status > 299) {
        record(route, ms, 'error');
        fail(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
        return undefined;
      }
      record(route, ms, 'ok');
      return { text, headers: response.headers };
    } catch (error) {
      record(route, performance.now() - start, 'error');
      fail(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  // Sliding window: no 60 s (plus a second of slack) ever holds more than SIGN_INS_PER_MINUTE
  // sign-ins, so neither does the limiter's fixed window, wherever it starts.
  const signIns: number[] = [];
  const maySignIn = () => {
    const now = performance.now();
    while (signIns.length > 0 && now - signIns[0]! > 61_000) signIns.shift();
    return signIns.length < SIGN_INS_PER_MINUTE;
  };
  let signInsDeferred = 0;
  const actionCounts: Record<string, number> = {};

  async function act(user: SimUser, action: Action): Promise<void> {
    if (action === 'sign-in' && !maySignIn()) {
      signInsDeferred += 1;
      action = 'dashboard';
    }
    actionCounts[action] = (actionCounts[action] ?? 0) + 1;
    switch (action) {
      case 'sign-in': {
        signIns.push(performance.now());
        const response = await request(user, 'POST /api/auth/password', 'POST', '/api/auth/password', { email: user.email, password: PASSWORD });
        const cookie = response?.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
        if (response && !cookie) fail('POST /api/auth/password set no session cookie');
        if (cookie) user.cookie = cookie.split(';')[0]!;
        return;
      }
      case 'dashboard':
        await Promise.all([
          request(user, 'GET /api/auth/profile', 'GET', '/api/auth/profile'),
          request(user, `GET ${dashboardPaths.stats}`, 'GET', dashboardPaths.stats),
          request(user, `GET ${videoWidgetsPath(false)}`, 'GET', videoWidgetsPath(false)),
        ]);
        return;
      case 'leads':
        await request(user, 'GET /api/leads?page=1', 'GET', '/api/leads?page=1');
        return;
      case 'compass':
        await request(user, 'GET /api/trading/sentiment/grid', 'GET', '/api/trading/sentiment/grid');
        return;
      case 'notifications':
        await request(user, 'GET /api/notifications', 'GET', '/api/notifications');
        return;
      case 'vote': {
        const active = await request(user, 'GET /api/trading/windows/active', 'GET', '/api/trading/windows/active');
        if (!active) return;
        const { windows } = JSON.parse(active.text) as { windows: { id: string; status: string; user_voted: boolean; total_votes: number; pool_size: number }[] };
        let target = windows.find((w) => w.status === 'open' && !w.user_voted && w.total_votes < w.pool_size)?.id;
        if (!target) {
          const pair = pairs[Math.floor(user.random() * pairs.length)]!;
          const opened = await request(user, 'POST /api/trading/windows/open', 'POST', '/api/trading/windows/open', pair, true);
          if (!opened) return;
          target = (JSON.parse(opened.text) as { window: { id: string } }).window.id;
        }
        const bias = (['long', 'short', 'neutral'] as const)[Math.floor(user.random() * 3)];
        await request(user, 'POST /api/trading/windows/:id/vote', 'POST', `/api/trading/windows/${target}/vote`, { bias, confidence: 50 + Math.floor(user.random() * 50) }, true);
        return;
      }
    }
  }

  ctx.log(`users: opening ${users.length} sockets`);
  const wsUrl = `${ctx.baseUrl.replace('http', 'ws')}/ws`;
  let closedEarly = 0;
  let isRunning = true;
  for (const user of users) {
    try {
      user.socket = await openSocket(wsUrl, user);
      user.socket.on('close', () => {
        if (isRunning) {
          closedEarly += 1;
          fail(`the socket of ${user.email} closed during the run`);
        }
      });
    } catch (error) {
      fail(`socket of ${user.email}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const opened = users.filter((u) => u.socket).length;

  ctx.log(`users: ${users.length} users acting every ${settings.minPauseSeconds}-${settings.maxPauseSeconds} s for ${settings.durationSeconds} s`);
  const endAt = performance.now() + settings.durationSeconds * 1000;
  const pause = (user: SimUser) => (settings.minPauseSeconds + user.random() * (settings.maxPauseSeconds - settings.minPauseSeconds)) * 1000;
  const progress = setInterval(() => ctx.log(`users: ${[...samples.values()].reduce((n, s) => n + s.times.length, 0)} requests, ${errors} errors`), 30_000);
  try {
    await Promise.all(
      users.map(async (user) => {
        for (;;) {
          const wait = pause(user);
          if (performance.now() + wait >= endAt) return;
          await new Promise((resolve) => setTimeout(resolve, wait));
          const choices = ACTIONS[user.role];
          await act(user, choices[Math.floor(user.random() * choices.length)]!);
        }
      }),
    );
  } finally {
    clearInterval(progress);
  }
  isRunning = false;
  const openAtEnd = users.filter((u) => u.socket?.readyState === WebSocket.OPEN).length;
  for (const user of users) user.socket?.terminate();

  const routes = [...samples.entries()]
    .map(([route, entry]) => {
      const sorted = [...entry.times].sort((a, b) => a - b);
      const round = (ms: number) => Number(ms.toFixed(1));
      return { route, requests: sorted.length, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1) ?? 0), errors: entry.errors, conflicts: entry.conflicts };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const roles: Record<string, number> = {};
  for (const user of users) roles[user.role] = (roles[user.role] ?? 0) + 1;
  return {
    users: users.length,
    durationSeconds: settings.durationSeconds,
    seed: settings.seed,
    roles,
    sockets: { opened, openAtEnd, closedEarly },
    actions: actionCounts,
    signInsDeferred,
    routes,
    requests: routes.reduce((n, r) => n + r.requests, 0),
    errors,
    errorSamples,
  };
}
