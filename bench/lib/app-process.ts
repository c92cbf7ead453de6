// Child process: the real app, started the way apps/server/src/server.ts starts it (system clock,
// job runner), on the bench database, with demo mode and the logger off and the built web app
// served. run.ts forks it so that the load generator never shares the app's event loop.
import { resolve } from 'node:path';
import { listen, openDatabase } from '@myeai/db';
import { buildApp } from '../../apps/server/src/app.ts';
import { systemClock } from '../../apps/server/src/clock.ts';
import { readServerEnv } from '../../apps/server/src/env.ts';
import { buildJobHandlers } from '../../apps/server/src/jobs-registry.ts';
import { JobRunner } from '../../apps/server/src/modules/jobs/index.ts';
import { createMailTransport } from '../../apps/server/src/modules/mail/index.ts';
import { sendToParent } from './child-process.ts';

const databaseUrl = process.env.BENCH_APP_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_APP_DATABASE_URL is not set');

// READ_CACHES=off measures the app without its read caches (decision 031).
const env = readServerEnv({ NODE_ENV: 'development', READ_CACHES: process.env.READ_CACHES });
const config = {
  ...env.config,
  demoMode: false,
  logger: false,
  smtpUrl: undefined,
  webDistDir: resolve(import.meta.dirname, '../../apps/web/dist'),
  // The track-event scenario posts from one session as fast as it can: the per-session limit
  // stays in the path (every event is counted) but is set out of reach.
  trackEventsPerMinute: Number.MAX_SAFE_INTEGER,
};
const database = await openDatabase({ kind: 'postgres', connectionString: databaseUrl });
const app = await buildApp({
  db: database.db,
  databaseKind: database.kind,
  clock: systemClock,
  config,
  oidc: undefined,
  mailer: createMailTransport(config),
  listen: (channel, onPayload, onReconnect) => listen(database, channel, onPayload, onReconnect),
});
const jobRunner = new JobRunner(app.deps, buildJobHandlers());

const address = await app.listen({ port: 0, host: '127.0.0.1' });
jobRunner.start();
sendToParent({ type: 'ready', url: address });

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await jobRunner.stop();
    await app.close();
    await app.deps.mailer.close();
    await database.close();
    process.exit(0);
  })();
});
