// `npm run bench`: the real app on a fresh PostgreSQL database with the issue 3 data set, each
// scenario of bench/scenarios against its ceiling, an idle signed-in tab, Lighthouse, the
// first-load JavaScript, simulated users at a human pace and the route table's page budgets
// (docs/decisions/028). Prints a table and writes bench/results/latest.json (or BENCH_OUTPUT). Missed targets are
// reported, not fatal; the exit code is non-zero only when the harness itself failed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../e2e/support/browser.ts';
import { countIdleRequests, FIRST_LOAD_JS_BUDGET_KB, measureFirstLoadJs } from './lib/browser-checks.ts';
import { startCeiling, type Ceiling } from './lib/ceiling.ts';
import { startChild, type Child } from './lib/child-process.ts';
import { benchUser, createBenchDatabase, createExtraUser, DATA_SET, generateDataSet, type BenchDatabase } from './lib/database.ts';
import { runLighthouse } from './lib/lighthouse.ts';
import { measureLoad, measureUncached, type LoadSettings } from './lib/load.ts';
import { budgetScreens, PAGE_BUDGET, runPageBudgets } from './lib/page-budgets.ts';
import { formatReport, type BenchReport } from './lib/report.ts';
import { runUserLoad } from './lib/user-load.ts';
import type { BenchContext, HttpRequest, HttpScenario, Scenario, ScenarioResult, Target } from './lib/scenario.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SCENARIO_DIR = join(import.meta.dirname, 'scenarios');
const RESULTS_DIR = join(import.meta.dirname, 'results');
const WEB_DIST = join(ROOT, 'apps/web/dist');

// users: simulated people with sockets at a human pace; pages: the route table's page budgets.
const PARTS = ['load', 'idle', 'lighthouse', 'js', 'users', 'pages'] as const;
type Part = (typeof PARTS)[number];

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

const listFromEnv = (name: string) =>
  (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const settings = {
  serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
  load: {
    connections: numberFromEnv('BENCH_CONNECTIONS', 10),
    durationSeconds: numberFromEnv('BENCH_DURATION', 10),
    warmupSeconds: numberFromEnv('BENCH_WARMUP', 2),
  } satisfies LoadSettings,
  idleMinutes: numberFromEnv('BENCH_IDLE_MINUTES', 5),
  lighthouseRuns: numberFromEnv('BENCH_LIGHTHOUSE_RUNS', 5),
  onlyScenarios: listFromEnv('BENCH_SCENARIOS'),
  // `npm run bench -- users pages` (or BENCH_ONLY=users,pages) runs only the parts named.
  only: new Set([...process.argv.slice(2), ...listFromEnv('BENCH_ONLY')]),
  skip: new Set(listFromEnv('BENCH_SKIP')),
  users: {
    users: numberFromEnv('BENCH_USERS', 1000),
    durationSeconds: numberFromEnv('BENCH_USERS_DURATION', 600),
    minPauseSeconds: 5,
    maxPauseSeconds: 15,
    seed: numberFromEnv('BENCH_USERS_SEED', 1),
  },
  onlyPages: listFromEnv('BENCH_PAGES'),
  output: process.env.BENCH_OUTPUT,
  keepDatabase: process.env.BENCH_KEEP_DATABASE === '1',
};
for (const [source, parts] of [['BENCH_SKIP', settings.skip], ['parts to run', settings.only]] as const) {
  for (const part of parts) {
    if (!(PARTS as readonly string[]).includes(part)) throw new Error(`${source}: unknown part "${part}" (parts: ${PARTS.join(', ')})`);
  }
}
const runs = (part: Part) => !settings.skip.has(part) && (settings.only.size === 0 || settings.only.has(part));

const TARGETS = { idleRequests: 5, lighthouse: 95, firstLoadKb: FIRST_LOAD_JS_BUDGET_KB };

const started = performance.now();
const log = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

async function loadScenarios(): Promise<Scenario[]> {
  const files = readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(SCENARIO_DIR, file)).href)) as { scenario?: Scenario };
    const scenario = module.scenario;
    if (!scenario?.name || !Array.isArray(scenario.targets)) throw new Error(`bench/scenarios/${file} must export \`scenario = defineScenario({...})\``);
    if (scenarios.some((s) => s.name === scenario.name)) throw new Error(`two scenarios are named "${scenario.name}"`);
    scenarios.push(scenario);
  }
  const unknown = settings.onlyScenarios.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS: no scenario named ${unknown.join(', ')}`);
  return settings.onlyScenarios.length > 0 ? scenarios.filter((s) => settings.onlyScenarios.includes(s.name)) : scenarios;
}

async function runHttpScenario(scenario: HttpScenario, ctx: BenchContext, ceiling: Ceiling): Promise<ScenarioResult> {
  const request = await scenario.setup(ctx);
  const method = request.method ?? 'GET';
  // Fetch the response once: it must succeed, and the ceiling replays exactly these bytes.
  const requestBody = typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body);
  const probe = await fetch(new URL(request.path, ctx.baseUrl), { method, headers: request.headers, body: requestBody });
  const body = Buffer.from(await probe.arrayBuffer());
  if (probe.status < 200 || probe.status > 299) {
    throw new Error(`${method} ${request.path} answered ${probe.status}: ${body.toString('utf8').slice(0, 300)}`);
  }
  await ceiling.serve(method, request.path, { status: probe.status, contentType: probe.headers.get('content-type') ?? 'application/octet-stream', body });
  log(`  ${scenario.name}: app (${method} ${request.path}, ${body.length} bytes)`);
  const app = await measureLoad(ctx.baseUrl, request, settings.load);
  log(`  ${scenario.name}: ceiling`);
  const ceilingStats = await measureLoad(ceiling.url, request, settings.load);
  const uncached = request.invalidatedBy ? await measureUncachedReads(scenario.name, ctx.baseUrl, request, request.invalidatedBy) : undefined;
  return {
    kind: 'http',
    name: scenario.name,
    description: scenario.description,
    request: { method, path: request.path },
    responseBytes: body.length,
    app,
    ceiling: ceilingStats,
    ratio: ceilingStats.requestsPerSec > 0 ? app.requestsPerSec / ceilingStats.requestsPerSec : 0,
    ...(uncached ? { uncached } : {}),
  };
}

function measureUncachedReads(name: string, baseUrl: string, request: HttpRequest, invalidate: HttpRequest) {
  log(`  ${name}: uncached reads (each after ${invalidate.method ?? 'GET'} ${invalidate.path})`);
  return measureUncached(baseUrl, request, invalidate);
}

const report: BenchReport = {
  startedAt: new Date().toISOString(),
  finishedAt: '',
  commit: gitCommit(),
  machine: { cpus: availableParallelism(), node: process.version, platform: `${process.platform}-${process.arch}` },
  settings: { ...settings.load, idleMinutes: settings.idleMinutes, lighthouseRuns: settings.lighthouseRuns, parts: PARTS.filter(runs), users: settings.users },
  dataSet: null,
  scenarios: [],
  idleTab: null,
  lighthouse: [],
  firstLoadJs: null,
  users: null,
  pages: [],
  targets: [],
  errors: [],
};

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function part(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    report.errors.push({ part: name, message });
    console.error(`${name} failed:`, error);
  }
}

async function main() {
  if ((runs('idle') || runs('lighthouse') || runs('js') || runs('pages')) && !existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first (or BENCH_SKIP=idle,lighthouse,js,pages).');
  }
  const scenarios = runs('load') ? await loadScenarios() : [];

  log(`creating a database on ${settings.serverUrl.replace(/\/\/[^@]*@/, '//')}`);
  const database: BenchDatabase = await createBenchDatabase(settings.serverUrl);
  cleanups.push(async () => {
    if (settings.keepDatabase) {
      await database.handle.close();
      log(`kept database ${database.name} (BENCH_KEEP_DATABASE): drop it with \`drop database ${database.name}\``);
      return;
    }
    await database.drop();
    log(`dropped database ${database.name}`);
  });
  log(`database ${database.name} migrated; generating ${DATA_SET.users} users and ${DATA_SET.notifications} notifications`);
  const { seconds } = await generateDataSet(database, log);
  report.dataSet = { ...DATA_SET, generationSeconds: Number(seconds.toFixed(1)) };
  const user = await benchUser(database);

  log('starting the app and the ceiling');
  const app: Child = await startChild(join(import.meta.dirname, 'lib/app-process.ts'), { BENCH_APP_DATABASE_URL: database.url });
  cleanups.push(app.stop);
  const ceiling = await startCeiling();
  cleanups.push(ceiling.stop);
  log(`app on ${app.url}, ceiling on ${ceiling.url}`);

  const ctx: BenchContext = {
    baseUrl: app.url,
    db: database.handle.db,
    sql: database.sql,
    benchUser: user,
    createUser: (options) => createExtraUser(database, options),
    log: (message) => log(`  ${message}`),
  };

  const targetRows: { subject: string; target: Target<ScenarioResult>; result: ScenarioResult }[] = [];
  for (const scenario of scenarios) {
    log(`scenario ${scenario.name}`);
    await part(`scenario ${scenario.name}`, async () => {
      const result: ScenarioResult =
        scenario.kind === 'timed'
          ? { kind: 'timed', name: scenario.name, description: scenario.description, metrics: await scenario.run(ctx) }
          : await runHttpScenario(scenario, ctx, ceiling);
      report.scenarios.push(result);
      for (const target of scenario.targets) targetRows.push({ subject: scenario.name, target: target as Target<ScenarioResult>, result });
    });
  }
  const byName = new Map(report.scenarios.map((s) => [s.name, s]));
  for (const { subject, target, result } of targetRows) {
    report.targets.push({ subject, label: target.label, isAim: Boolean(target.isAim), outcome: target.check(result, byName) });
  }

  if (runs('users')) {
    const u = settings.users;
    log(`users: ${u.users} simulated users for ${u.durationSeconds} s, one socket each, an action every ${u.minPauseSeconds}-${u.maxPauseSeconds} s (seed ${u.seed})`);
    await part('users', async () => {
      const result = await runUserLoad(ctx, u);
      report.users = result;
      report.targets.push({ subject: `${result.users} users, ${result.durationSeconds} s`, label: '0 errors', isAim: false, outcome: { pass: result.errors === 0, actual: String(result.errors) } });
      report.targets.push({
        subject: `${result.users} users, ${result.durationSeconds} s`,
        label: 'every socket open to the end',
        isAim: false,
        outcome: { pass: result.sockets.openAtEnd === result.users, actual: `${result.sockets.openAtEnd} of ${result.users}` },
      });
    });
  }

  if (runs('js') || runs('idle') || runs('pages')) {
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    if (runs('js')) {
      log('first-load JavaScript of / (signed out)');
      await part('first-load JS', async () => {
        const js = await measureFirstLoadJs(browser, { baseUrl: app.url, path: '/' });
        report.firstLoadJs = js;
        const kb = js.gzipBytes / 1024;
        report.targets.push({ subject: 'first-load JS of /', label: `<= ${TARGETS.firstLoadKb} KB gzipped`, isAim: false, outcome: { pass: kb <= TARGETS.firstLoadKb, actual: `${kb.toFixed(1)} KB` } });
      });
    }
    if (runs('idle')) {
      log(`idle tab: /dashboard signed in, ${settings.idleMinutes} min on the page's fake clock`);
      await part('idle tab', async () => {
        const idle = await countIdleRequests(browser, { baseUrl: app.url, cookie: user.cookie, path: '/dashboard', idleMinutes: settings.idleMinutes });
        report.idleTab = idle;
        report.targets.push({
          subject: `idle tab ${idle.idleMinutes} min`,
          label: `<= ${TARGETS.idleRequests} requests`,
          isAim: false,
          outcome: { pass: idle.requests <= TARGETS.idleRequests, actual: String(idle.requests) },
        });
      });
    }
    if (runs('pages')) {
      const screens = budgetScreens(settings.onlyPages);
      log(`pages: Lighthouse and axe on ${screens.length} screens at 375 and 1440 px`);
      await part('pages', async () => {
        report.pages = await runPageBudgets(ctx, browser, screens);
        const passed = report.pages.filter((row) => row.pass).length;
        report.targets.push({
          subject: `page budgets (${report.pages.length} screen widths)`,
          label: `performance >= ${PAGE_BUDGET.performance}, accessibility ${PAGE_BUDGET.accessibility}, 0 axe violations`,
          isAim: false,
          outcome: { pass: passed === report.pages.length, actual: `${passed} of ${report.pages.length} pass` },
        });
      });
    }
  }

  if (runs('lighthouse')) {
    log(`Lighthouse on / (signed out) and /dashboard (signed in), ${settings.lighthouseRuns} runs each`);
    await part('lighthouse', async () => {
      report.lighthouse = await runLighthouse(app.url, [{ path: '/' }, { path: '/dashboard', cookie: user.cookie }], settings.lighthouseRuns);
      for (const l of report.lighthouse) {
        for (const category of ['performance', 'accessibility'] as const) {
          report.targets.push({
            subject: `Lighthouse ${l.path}`,
            label: `${category} >= ${TARGETS.lighthouse}`,
            isAim: false,
            outcome: { pass: l[category] >= TARGETS.lighthouse, actual: String(l[category]) },
          });
        }
      }
    });
  }
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  report.errors.push({ part: 'harness', message: error instanceof Error ? error.message : String(error) });
  console.error('bench failed:', error);
} finally {
  await cleanUp();
}
report.finishedAt = new Date().toISOString();
if (report.errors.length > 0) exitCode = 1;

console.log(`\n${formatReport(report)}\n`);
const json = `${JSON.stringify(report, null, 2)}\n`;
// BENCH_OUTPUT: a short or partial run goes to a file of its own and leaves latest.json as it is.
const outputs = settings.output
  ? [resolve(settings.output)]
  : [join(RESULTS_DIR, 'latest.json'), join(RESULTS_DIR, `${report.startedAt.replace(/[:.]/g, '-')}.json`)];
for (const output of outputs) {
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, json);
}
log(`wrote ${outputs[0]}${exitCode === 0 ? '' : ' (the harness failed: see "Harness errors")'}`);
process.exit(exitCode);
