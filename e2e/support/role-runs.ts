import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, navigationFor, type NavItem, type Role } from '@myeai/domain';
import type { Viewport } from './browser.ts';
import type { BrowserSuite } from './browser-suite.ts';
import { builtScreenPaths } from './built-screens.ts';

/** The two widths the crawls of every role check: a desktop and a phone. */
export const CRAWL_VIEWPORTS: readonly Viewport[] = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
];

export type RoleRun = { account: (typeof DEMO_ACCOUNTS)[number]; role: Role };

/** One run per demo account with a distinct role set, and one per role of an account holding several. */
export const ROLE_RUNS: readonly RoleRun[] = (() => {
  const seen = new Set<string>();
  const runs: RoleRun[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const key = [...account.roles].sort().join('+');
    if (seen.has(key)) continue;
    seen.add(key);
    for (const role of account.roles) runs.push({ account, role });
  }
  return runs;
})();

const BUILT = builtScreenPaths();
export const isBuilt = (path: string) => BUILT.has(path);

/** The screens the sidebar offers `role`, with their labels, in sidebar order (the route table's). */
export function sidebarOf(role: Role): NavItem[] {
  return navigationFor({ activeRole: role }, isBuilt).flatMap((group) => group.items);
}

/** Makes `role` the active role of the signed-in account on `page` (a demo account holding several). */
export async function switchActiveRole(page: Page, role: Role): Promise<void> {
  const status = await page.evaluate(
    async (next) => (await fetch('/api/rbac/switch-role', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role: next }) })).status,
    role,
  );
  expect(status, `switching the active role to ${role}`).toBe(200);
  // The app read the profile before the switch: a load makes it start again with the new role.
  await page.reload();
}

/** Signs `page` in as the run's demo account with the run's role active; resolves on the screen sign-in lands on. */
export async function signInForRun(suite: BrowserSuite, page: Page, { account, role }: RoleRun): Promise<void> {
  await suite.signInWithDemo(page, account.name);
  if (account.roles.length > 1) await switchActiveRole(page, role);
}

/** Where each check happened and what it found; a crawl fails with the whole list. */
export type Findings = string[];
