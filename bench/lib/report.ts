import type { FirstLoadJsResult, IdleTabResult } from './browser-checks.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { ScenarioResult, TargetOutcome } from './scenario.ts';

export type TargetRow = { subject: string; label: string; isAim: boolean; outcome: TargetOutcome };

export type BenchReport = {
  startedAt: string;
  finishedAt: string;
  commit: string;
  machine: { cpus: number; node: string; platform: string };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; idleMinutes: number; lighthouseRuns: number };
  dataSet: { users: number; notifications: number; benchUserNotifications: number; generationSeconds: number } | null;
  scenarios: ScenarioResult[];
  idleTab: IdleTabResult | null;
  lighthouse: LighthouseResult[];
  firstLoadJs: FirstLoadJsResult | null;
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
