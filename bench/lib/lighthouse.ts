import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser.ts';

export type LighthouseResult = {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  metrics: Record<string, number | undefined>;
  /** Audits and insights of the two categories scoring below 0.9, worst first, for whoever works on the scores. */
  weakAudits: { id: string; title: string; score: number; displayValue?: string }[];
  /** The scores of every run; the fields above are those of the median run. */
  runs: { performance: number; accessibility: number }[];
};

export type DebuggableChromium = { port: number; stop: () => Promise<void> };

/** Debian Chromium with the tests' flags and a DevTools port that Lighthouse connects to. */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'myeai-bench-chromium-'));
  const child: ChildProcess = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools port: ${output.slice(-500)}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (code ${code}): ${output.slice(-500)}`));
    });
  });
  child.stderr!.resume();
  return {
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

export type LighthouseRun = Omit<LighthouseResult, 'runs'>;

/** `width`: 375 runs the desktop preset's settings on a 375 x 812 phone screen (touch, 2x pixels). */
export type LighthousePage = { path: string; cookie?: string; width?: number };

function configFor(width: number | undefined) {
  if (width === undefined || width >= 1024) {
    return width === undefined ? desktopConfig : { ...desktopConfig, settings: { ...desktopConfig.settings, screenEmulation: { mobile: false, width, height: 900, deviceScaleFactor: 1, disabled: false } } };
  }
  return { ...desktopConfig, settings: { ...desktopConfig.settings, formFactor: 'mobile' as const, screenEmulation: { mobile: true, width, height: 812, deviceScaleFactor: 2, disabled: false } } };
}

/**
 * Empties the browser's cookie jar. Lighthouse keeps cookies between runs, and a cookie a page
 * set (the visitor id of /join) is sent instead of the session given in `extraHeaders`, so every
 * signed-in screen measured after /join ended on /login.
 */
async function clearCookies(port: number): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onerror = () => reject(new Error('DevTools socket failed'));
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Storage.clearCookies' }));
    socket.onmessage = (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      socket.close();
      if (reply.error) reject(new Error(`Storage.clearCookies: ${reply.error.message}`));
      else resolve();
    };
  });
}

async function runOnce(port: number, baseUrl: string, page: LighthousePage): Promise<LighthouseRun> {
  await clearCookies(port);
  const runner = await lighthouse(
    new URL(page.path, baseUrl).href,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    },
    configFor(page.width),
  );
  if (!runner) throw new Error(`Lighthouse returned no result for ${page.path}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The path only: a screen may tidy its query (/join drops ?ref= once it has read it).
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(page.path, 'http://x').pathname) throw new Error(`Lighthouse on ${page.path} ended on ${finalPath}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audited = new Set(['performance', 'accessibility'].flatMap((id) => lhr.categories[id]?.auditRefs.map((ref) => ref.id) ?? []));
  return {
    path: page.path,
    signedIn: Boolean(page.cookie),
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue])),
    weakAudits: Object.values(lhr.audits)
      .filter((audit) => audited.has(audit.id) && audit.scoreDisplayMode !== 'informative' && audit.score !== null && audit.score < 0.9)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score ?? 0, displayValue: audit.displayValue })),
  };
}

/**
 * Lighthouse sometimes fails to record the trace of a page load (NO_NAVSTART, seen on the first
 * run in a fresh Chromium) and asks to be run again: such a run is repeated, up to twice, and
 * every other failure is reported at once.
 */
export async function runWithRetry(port: number, baseUrl: string, page: LighthousePage): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(port, baseUrl, page);
    } catch (error) {
      const traceLost = error instanceof Error && /NO_NAVSTART|NO_TRACING_STARTED/.test(error.message);
      if (!traceLost || attempt >= 3) throw error;
      console.warn(`${error.message}; running Lighthouse on ${page.path} again`);
    }
  }
}

/**
 * Lighthouse (desktop preset, performance + accessibility) on each page, `runs` times, one fresh
 * Chromium for all. The performance score moves with the machine's load, so the reported run is
 * the median by performance score (Lighthouse's own advice); every run's scores are kept.
 */
export async function runLighthouse(baseUrl: string, pages: { path: string; cookie?: string }[], runs: number): Promise<LighthouseResult[]> {
  const chromium = await launchDebuggableChromium();
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const done: LighthouseRun[] = [];
      for (let i = 0; i < Math.max(1, runs); i += 1) done.push(await runWithRetry(chromium.port, baseUrl, page));
      const sorted = [...done].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      results.push({ ...median, runs: done.map((run) => ({ performance: run.performance, accessibility: run.accessibility })) });
    }
    return results;
  } finally {
    await chromium.stop();
  }
}
