import AxeBuilder from '@axe-core/playwright';
import { SCREENS, type AccessName, type Role } from '@myeai/domain';
import type { Browser } from 'playwright-core';
import { addSessionCookie } from './browser-checks.ts';
import { launchDebuggableChromium, runWithRetry, type LighthouseRun } from './lighthouse.ts';
import type { BenchContext, BenchUser } from './scenario.ts';

export const PAGE_BUDGET = { performance: 90, accessibility: 100 } as const;
export const PAGE_WIDTHS = [375, 1440] as const;

export type PageBudgetRow = {
  path: string;
  /** The role of the account the screen was opened with; null: signed out. */
  role: Role | null;
  width: number;
  /** Scores of the reported run: the only run, or the median (by performance) of three when the first missed the budget. */
  performance: number | null;
  accessibility: number | null;
  runs: { performance: number; accessibility: number }[];
  /** axe violations (rules broken, any impact) on the loaded screen, and those serious or critical. */
  axeViolations: number | null;
  axeBlocking: number | null;
  axeRules: string[];
  weakAudits: LighthouseRun['weakAudits'];
  pass: boolean;
  /** Why the screen could not be measured (e.g. it sent the account elsewhere). */
  error?: string;
};

/** The role a screen is opened with: the one its rule admits that sees the most (affiliates hold the business tools). */
const ROLE_FOR: Record<AccessName, Role | null> = {
  public: null,
  signedIn: 'affiliate',
  everyRole: 'affiliate',
  affiliateTools: 'affiliate',
  goalSetting: 'affiliate',
  traderDesk: 'trader',
  admin: 'admin',
};

/** Every screen of the route table with a fixed address (a path with a :parameter needs data of its own). */
export function budgetScreens(only: string[]): { path: string; role: Role | null }[] {
  const screens = SCREENS.filter((s) => !s.path.includes(':')).map((s) => ({ path: s.path as string, role: ROLE_FOR[s.access] }));
  if (only.length === 0) return screens;
  const unknown = only.filter((path) => !screens.some((s) => s.path === path));
  if (unknown.length > 0) throw new Error(`BENCH_PAGES: no screen ${unknown.join(', ')}`);
  return screens.filter((s) => only.includes(s.path));
}

async function axeCounts(browser: Browser, baseUrl: string, path: string, width: number, cookie: string | undefined) {
  const context = await browser.newContext({ viewport: { width, height: width < 1024 ? 812 : 900 } });
  try {
    if (cookie) await addSessionCookie(context, baseUrl, cookie);
    const page = await context.newPage();
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    // Loading placeholders are not the screen: wait for them to go (bounded) before the scan.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root'), undefined, { timeout: 10_000 }).catch(() => undefined);
    const results = await new AxeBuilder({ page }).analyze();
    return {
      // A screen of the table that this build does not have yet answers the not-found page.
      isNotFound: (await page.getByRole('heading', { name: 'Page not found' }).count()) > 0,
      all: results.violations.length,
      blocking: results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').length,
      rules: results.violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}, ${v.nodes.length})`),
    };
  } finally {
    await context.close();
  }
}

/**
 * The address a screen is measured at. /join without a valid `ref` sends the visitor home
 * (spec 1 section 2.8), so it is measured as a visitor arriving with a real referrer's code.
 */
async function screenAddresses(ctx: BenchContext, screens: { path: string }[]): Promise<(path: string) => string> {
  if (!screens.some((s) => s.path === '/join')) return (path) => path;
  const referrer = await ctx.createUser({ roles: ['affiliate'], name: 'Bench referrer' });
  const { rows } = await ctx.sql('select referral_code from users where id = $1', [referrer.id]);
  const join = `/join?ref=${encodeURIComponent(String(rows[0]?.referral_code))}`;
  return (path) => (path === '/join' ? join : path);
}

const underBudget = (run: { performance: number; accessibility: number }) => run.performance < PAGE_BUDGET.performance || run.accessibility < PAGE_BUDGET.accessibility;

/**
 * Lighthouse (performance, accessibility) and axe on each screen at 375 and 1440 px, signed in
 * with an account of a role the screen admits. One Lighthouse run each; a screen under budget
 * runs twice more and reports the median by performance, so one slow run on a loaded machine
 * does not fail it, and a screen over budget costs one run.
 */
export async function runPageBudgets(ctx: BenchContext, browser: Browser, screens: { path: string; role: Role | null }[]): Promise<PageBudgetRow[]> {
  const accounts = new Map<Role, BenchUser>();
  for (const role of new Set(screens.map((s) => s.role))) {
    if (!role) continue;
    const user = await ctx.createUser({ roles: [role], name: `Bench ${role}` });
    if (role === 'trader') {
      await ctx.sql(`insert into traders (user_id, weight_tenths, kyc_verified, is_active, created_at, updated_at) values ($1, 10, true, true, now(), now())`, [user.id]);
    }
    accounts.set(role, user);
  }
  const address = await screenAddresses(ctx, screens);
  const chromium = await launchDebuggableChromium();
  const rows: PageBudgetRow[] = [];
  try {
    for (const screen of screens) {
      const cookie = screen.role ? accounts.get(screen.role)!.cookie : undefined;
      for (const width of PAGE_WIDTHS) {
        const row: PageBudgetRow = { path: screen.path, role: screen.role, width, performance: null, accessibility: null, runs: [], axeViolations: null, axeBlocking: null, axeRules: [], weakAudits: [], pass: false };
        try {
          const page = { path: address(screen.path), cookie, width };
          const done = [await runWithRetry(chromium.port, ctx.baseUrl, page)];
          if (underBudget(done[0]!)) for (let i = 0; i < 2; i += 1) done.push(await runWithRetry(chromium.port, ctx.baseUrl, page));
          const median = [...done].sort((a, b) => a.performance - b.performance)[Math.floor((done.length - 1) / 2)]!;
          const axe = await axeCounts(browser, ctx.baseUrl, page.path, width, cookie);
          Object.assign(row, {
            performance: median.performance,
            accessibility: median.accessibility,
            runs: done.map((run) => ({ performance: run.performance, accessibility: run.accessibility })),
            axeViolations: axe.all,
            axeBlocking: axe.blocking,
            axeRules: axe.rules,
            weakAudits: median.weakAudits,
            pass: !underBudget(median) && axe.all === 0 && !axe.isNotFound,
          });
          if (axe.isNotFound) row.error = 'not built: the app shows "Page not found"';
        } catch (error) {
          row.error = error instanceof Error ? error.message : String(error);
        }
        ctx.log(`pages: ${screen.path} at ${width} px: perf ${row.performance ?? '-'} a11y ${row.accessibility ?? '-'} axe ${row.axeViolations ?? '-'}${row.error ? ` (${row.error})` : ''}`);
        rows.push(row);
      }
    }
    return rows;
  } finally {
    await chromium.stop();
  }
}
