import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, users, type DatabaseHandle } from '@myeai/db';
import { REFERRAL_CODE_ALPHABET, type Role } from '@myeai/domain';
import { systemClock } from '../../apps/server/src/clock.ts';
import { createSession, SESSION_COOKIE } from '../../apps/server/src/modules/auth/sessions.service.ts';
import type { BenchUser } from './scenario.ts';

export const DATA_SET = {
  users: 10_000,
  notifications: 1_000_000,
  benchUserNotifications: 2_000,
} as const;

export const BENCH_USER_EMAIL = 'bench@bench.myeai.local';

export type BenchDatabase = {
  name: string;
  url: string;
  handle: Extract<DatabaseHandle, { kind: 'postgres' }>;
  sql: (text: string, params?: unknown[]) => Promise<pg.QueryResult>;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
};

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database myeai_bench_<random> on the server of `serverUrl`, migrated. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `myeai_bench_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle | undefined;
  const drop = async () => {
    await handle?.close().catch(() => undefined);
    await onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  };
  try {
    handle = await openDatabase({ kind: 'postgres', connectionString: url.href, poolSize: 4 });
  } catch (error) {
    await drop();
    throw error;
  }
  if (handle.kind !== 'postgres') throw new Error('expected a PostgreSQL handle');
  const pool = handle.pool;
  return { name, url: url.href, handle, sql: (text, params) => pool.query(text, params), drop };
}

/** 8 characters of the referral alphabet spelling the number `n` (unique per n). */
const referralCodeSql = (n: string) =>
  `(select string_agg(substr('${REFERRAL_CODE_ALPHABET}', ((${n} / (32::bigint ^ i)::bigint) % 32)::int + 1, 1), '' order by i) from generate_series(0, 7) i)`;

/**
 * The data set of issue 3, set-based: user 1 is the benchmark user (affiliate), users 2..10,000
 * the others. The 1,000,000 notifications are written oldest first over the last 90 days, users
 * interleaved as real traffic would leave them in the table: every 500th belongs to the
 * benchmark user (2,000, 50 unread), the rest go round the other 9,999 (about 100 each, 30%
 * unread). Then ANALYZE.
 */
export async function generateDataSet(database: BenchDatabase, log: (message: string) => void): Promise<{ seconds: number }> {
  const started = performance.now();
  const step = async (label: string, text: string) => {
    const t0 = performance.now();
    const result = await database.sql(text);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const { users: userCount, notifications: total, benchUserNotifications: mine } = DATA_SET;
  const benchEvery = total / mine;
  const others = userCount - 1;

  await step(
    'users',
    `insert into users (email, name, roles, active_role, status, referral_code, created_at)
     select case when g = 1 then '${BENCH_USER_EMAIL}' else 'bench-' || g || '@bench.myeai.local' end,
            case when g = 1 then 'Bench Affiliate' else 'Bench User ' || g end,
            array['affiliate'], 'affiliate', 'active', ${referralCodeSql('g')},
            now() - make_interval(days => 90 + g % 300)
     from generate_series(1, ${userCount}) g`,
  );

  const types = `(array['commission','achievement','lead','system','reminder','alert'])`;
  await step(
    'notifications',
    `with numbered as (
       select id, 0::bigint as n from users where email = '${BENCH_USER_EMAIL}'
       union all
       select id, row_number() over (order by email) from users where email <> '${BENCH_USER_EMAIL}'
     ),
     spread as (
       select g,
              case when g % ${benchEvery} = 0 then 0 else 1 + g % ${others} end as n,
              now() - make_interval(secs => (${total} - g) * ${(90 * 86_400) / total}) as ts
       from generate_series(1, ${total}) g
     )
     insert into notifications (user_id, type, title, message, data, action_required, read_at, created_at)
     select u.id,
            ${types}[1 + g % 6],
            initcap(${types}[1 + g % 6]) || ' update #' || g,
            'Benchmark notification ' || g || ': a message about the same length as the ones the platform sends, with a little detail.',
            case when g % 6 = 0 then jsonb_build_object('amount_cents', (g % 50000) + 100, 'currency', 'USD') else null end,
            false,
            case when (s.n = 0 and g > ${total - 50 * benchEvery}) or (s.n > 0 and g % 10 < 3) then null else ts + interval '1 hour' end,
            ts
     from spread s join numbered u using (n)
     order by g`,
  );

  const t0 = performance.now();
  await database.sql('analyze');
  log(`  analyze in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { seconds: (performance.now() - started) / 1000 };
}

/** A real session for `userId`, created through the session service; returns the Cookie header value. */
export async function signInUser(database: BenchDatabase, userId: string): Promise<string> {
  const { token } = await createSession(database.handle.db, systemClock, {
    userId,
    method: 'password',
    userAgent: 'myeai-bench',
    ttlDays: 1,
  });
  return `${SESSION_COOKIE}=${token}`;
}

export async function benchUser(database: BenchDatabase): Promise<BenchUser> {
  const [row] = await database.handle.db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_USER_EMAIL)).limit(1);
  if (!row) throw new Error('the benchmark user is missing');
  return { id: row.id, email: BENCH_USER_EMAIL, cookie: await signInUser(database, row.id) };
}

let extraUsers = 0;

/** A further user for a scenario (e.g. one with 100,000 leads), signed in. */
export async function createExtraUser(database: BenchDatabase, options: { roles?: Role[]; name?: string } = {}): Promise<BenchUser> {
  extraUsers += 1;
  const roles = options.roles ?? ['affiliate'];
  const email = `bench-extra-${extraUsers}@bench.myeai.local`;
  const {
    rows: [row],
  } = await database.sql(
    `insert into users (email, name, roles, active_role, status, referral_code, created_at)
     values ($1, $2, $3, $4, 'active', ${referralCodeSql(`(1000000 + ${extraUsers})::bigint`)}, now()) returning id`,
    [email, options.name ?? `Bench Extra ${extraUsers}`, roles, roles[0]],
  );
  const id = (row as { id: string }).id;
  return { id, email, cookie: await signInUser(database, id) };
}
