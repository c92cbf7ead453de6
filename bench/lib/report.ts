import type { FirstLoadJsResult, IdleTabResult } from './browser-checks.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { PageBudgetRow } from './page-budgets.ts';
import type { ScenarioResult, TargetOutcome } from './scenario.ts';
import type { UserLoadResult, UserLoadSettings } from './user-load.ts';

export type TargetRow = { subject: string; label: string; isAim: boolean; outcome: TargetOutcome };

export type BenchReport = {
  startedAt: string;
  finishedAt: string;
  commit: string;
  machine: { cpus: number; node: string; platform: string };
  settings: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    idleMinutes: number;
    lighthouseRuns: number;
    /** The parts this run ran (a run of some parts only is not comparable with a full one). */
    parts?: string[];
    users?: UserLoadSettings;
  };
  dataSet: { users: number; notifications: number; benchUserNotifications: number; generationSeconds: number } | null;
  scenarios: ScenarioResult[];
  idleTab: IdleTabResult | null;
  lighthouse: LighthouseResult[];
  firstLoadJs: FirstLoadJsResult | null;
  /** Simulated users at a human pace (part `users`). */
  users?: UserLoadResult | null;
  /** Page budgets of the route table's screens (part `pages`). */
  pages?: PageBudgetRow[];
  targets: TargetRow[];
  /** Parts of the harness that failed (the run exits non-zero when this is not empty). */
  errors: { part: string; message: string }[];
};

const verdict = (row: TargetRow) => {
  if (row.outcome.pass === null) return 'n/a';
  if (row.outcome.pass) return 'PASS';
  return row.isAim ? 'not yet' : 'FAIL';
};

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatReport(report: BenchReport): string {
  const parts: string[] = [];
  const http = report.scenarios.filter((s) => s.kind === 'http');
  if (http.length > 0) {
    parts.push(
      `Load: ${report.settings.connections} connections, ${report.settings.durationSeconds} s each (after ${report.settings.warmupSeconds} s warm-up), app and ceiling in the same run\n` +
        table(
          ['scenario', 'app req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'ceiling req/s', 'p50 ms', 'p99 ms', 'ratio', 'bytes'],
          http.map((s) => [
            s.name,
            String(s.app.requestsPerSec),
            String(s.app.p50Ms),
            String(s.app.p99Ms),
            String(s.app.non2xx + s.app.errors + s.app.timeouts),
            String(s.ceiling.requestsPerSec),
            String(s.ceiling.p50Ms),
            String(s.ceiling.p99Ms),
            s.ratio.toFixed(2),
            String(s.responseBytes),
          ]),
        ),
    );
  }
  const uncached = http.filter((s) => s.uncached);
  if (uncached.length > 0) {
    parts.push(
      'Database path: the same read, one at a time, each right after a change of the user\'s data (answered from the database, not memory)\n' +
        table(
          ['scenario', 'uncached p50 ms', 'uncached p99 ms', 'samples'],
          uncached.map((s) => [s.name, s.uncached!.p50Ms.toFixed(2), s.uncached!.p99Ms.toFixed(2), String(s.uncached!.samples)]),
        ),
    );
  }
  const timed = report.scenarios.filter((s) => s.kind === 'timed');
  if (timed.length > 0) {
    parts.push(
      table(
        ['timed scenario', 'metrics'],
        timed.map((s) => [s.name, Object.entries(s.metrics).map(([k, v]) => `${k}=${Number(v.toFixed(2))}`).join(' ')]),
      ),
    );
  }
  if (report.idleTab) {
    const idle = report.idleTab;
    parts.push(
      `Idle tab: ${idle.requests} HTTP requests from ${idle.path} in ${idle.idleMinutes} min idle; ` +
        `${idle.socketsOpened} socket reconnects, live socket ${idle.isSocketOpenAtEnd ? 'open' : 'NOT open'} at the end` +
        (idle.requestList.length > 0 ? `\n  ${[...new Set(idle.requestList)].slice(0, 5).join('\n  ')}` : ''),
    );
  }
  if (report.lighthouse.length > 0) {
    parts.push(
      table(
        ['Lighthouse (desktop, median run)', 'performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'all runs (perf)'],
        report.lighthouse.map((l) => [
          `${l.path}${l.signedIn ? ' (signed in)' : ' (signed out)'}`,
          String(l.performance),
          String(l.accessibility),
          String(Math.round(l.metrics['first-contentful-paint'] ?? 0)),
          String(Math.round(l.metrics['largest-contentful-paint'] ?? 0)),
          String(Math.round(l.metrics['total-blocking-time'] ?? 0)),
          (l.metrics['cumulative-layout-shift'] ?? 0).toFixed(3),
          l.runs.map((run) => run.performance).join(' '),
        ]),
      ),
    );
  }
  if (report.firstLoadJs) {
    const js = report.firstLoadJs;
    parts.push(
      `First-load JS of ${js.path}: ${(js.gzipBytes / 1024).toFixed(1)} KB gzipped (${(js.rawBytes / 1024).toFixed(1)} KB raw, ` +
        `${(js.transferBytes / 1024).toFixed(1)} KB over the wire) in ${js.scripts.length} scripts`,
    );
  }
  if (report.users) {
    const u = report.users;
    parts.push(
      `Users: ${u.users} simulated users (${Object.entries(u.roles).map(([role, n]) => `${n} ${role}`).join(', ')}) for ${u.durationSeconds} s, seed ${u.seed}; ` +
        `sockets ${u.sockets.opened} opened, ${u.sockets.openAtEnd} open at the end; ${u.requests} requests, ${u.errors} errors; ` +
        `actions ${Object.entries(u.actions).map(([a, n]) => `${a} ${n}`).join(', ')} (${u.signInsDeferred} sign-ins over the per-address limit became dashboard visits)\n` +
        table(
          ['route', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'errors', '409 (race)'],
          u.routes.map((r) => [r.route, String(r.requests), r.p50Ms.toFixed(1), r.p99Ms.toFixed(1), r.maxMs.toFixed(1), String(r.errors), String(r.conflicts)]),
        ) +
        (u.errorSamples.length > 0 ? `\n  ${u.errorSamples.slice(0, 5).join('\n  ')}` : ''),
    );
  }
  if (report.pages && report.pages.length > 0) {
    const score = (value: number | null) => (value === null ? '-' : String(value));
    parts.push(
      table(
        ['screen (Lighthouse, axe)', 'as', 'width', 'perf', 'a11y', 'axe', 'perf runs', 'result'],
        report.pages.map((p) => [
          p.path,
          p.role ?? 'signed out',
          String(p.width),
          score(p.performance),
          score(p.accessibility),
          score(p.axeViolations),
          p.runs.map((run) => run.performance).join(' '),
          p.error ? `ERROR: ${p.error.slice(0, 60)}` : p.pass ? 'PASS' : 'FAIL',
        ]),
      ),
    );
  }
  if (report.targets.length > 0) {
    parts.push(
      table(
        ['target', 'actual', 'result'],
        report.targets.map((t) => [`${t.subject}: ${t.label}${t.isAim ? ' (aim)' : ''}`, t.outcome.actual, verdict(t)]),
      ),
    );
  }
  if (report.errors.length > 0) parts.push(`Harness errors:\n${report.errors.map((e) => `  ${e.part}: ${e.message}`).join('\n')}`);
  return parts.join('\n\n');
}
