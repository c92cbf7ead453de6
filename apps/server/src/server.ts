import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { DataDirLockedError, DataDirUnreadableError, listen, openDatabase, snapshotPglite, writeBackupAccess } from '@myeai/db';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { readServerEnv } from './env.ts';
import { OidcSignIn } from './modules/auth/index.ts';
import { JobRunner } from './modules/jobs/index.ts';
import { createMailTransport } from './modules/mail/index.ts';
import { ensureMarketDataPoll } from './modules/market-data/index.ts';
import { ensurePayoutSchedule } from './modules/payouts/index.ts';
import { buildJobHandlers } from './jobs-registry.ts';
import { seedDemoData } from './seed/demo-seed.ts';

const env = readServerEnv();

let database;
try {
  database = env.databaseUrl
    ? await openDatabase({ kind: 'postgres', connectionString: env.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: env.dataDir });
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof DataDirUnreadableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (env.config.demoMode) await seedDemoData(database.db, systemClock, env.config);

const pglite = database.kind === 'pglite' ? database.client : undefined;
const app = await buildApp({
  db: database.db,
  databaseKind: database.kind,
  clock: systemClock,
  config: pglite ? { ...env.config, backupKey: randomBytes(32).toString('hex') } : env.config,
  oidc: env.config.oidc ? new OidcSignIn(env.config.oidc) : undefined,
  mailer: createMailTransport(env.config),
  listen: (channel, onPayload, onReconnect) => listen(database, channel, onPayload, onReconnect),
  snapshotDatabase: pglite && (() => snapshotPglite(pglite)),
});

// One job runner per process; several processes on one PostgreSQL share the queue.
const jobRunner = new JobRunner(app.deps, buildJobHandlers());
app.addHook('onClose', async () => {
  await jobRunner.stop();
  await app.deps.mailer.close();
});

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
  await database.close();
});

await app.listen({ port: env.port, host: env.host });
if (pglite) {
  // `npm run backup` finds the running server and its key here (the folder is the credential).
  const host = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  writeBackupAccess(env.dataDir, { url: `http://${host}:${(app.server.address() as AddressInfo).port}`, key: app.deps.config.backupKey! });
}
// The weekly payout batch (decision 063): its next job, queued once whatever the number of servers.
await ensurePayoutSchedule(app.deps.db, app.deps.clock);
// The market data provider's poll (decision 071), when MARKET_DATA_PROVIDER names one.
await ensureMarketDataPoll(app.deps.db, app.deps.clock, app.deps.config);
jobRunner.start();
const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${env.dataDir}` : 'PostgreSQL server';
console.log(`MYEAI is running on http://localhost:${env.port} (${where}${env.config.demoMode ? ', demo mode' : ''})`);
