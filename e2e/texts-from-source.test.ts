import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_REFUSALS, ELITE_POOL, PROFIT_SPLIT, TERMS_VERSION, TRIAL_LENGTH_DAYS } from '@myeai/domain';
import { expectAccessible, hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/texts-from-source');
const MOBILE = { width: 375, height: 800 };

/** Issue 13 item 3: what the screens say comes from its source (route table, terms version, constants). */
describe.skipIf(!hasChromium)('texts from their source in Chromium', () => {
  const { newPage, signedInPage } = useBrowserSuite({ screenshots: SCREENSHOTS });

  it('the legal pages show the terms version checkout consents record and name only card payments through Stripe', async () => {
    const { context, page } = await newPage();
    for (const path of ['/terms', '/privacy-policy', '/refund-policy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText(`Effective November 25, 2026 · Version ${TERMS_VERSION}`, { exact: true }).waitFor();
      const text = await page.locator('article').innerText();
      expect(text, path).toContain('Stripe');
      expect(text, path).not.toMatch(/pay(?:ment)?s? (?:in|by) crypto|crypto(?:currency)? payments|(?:by|via) bank transfer|bank transfer payments|wallet address/i);
      await expectAccessible(page);
    }
    await page.goto('/terms');
    await page.getByText('You pay by card, at checkout, through our card payment provider Stripe (Stripe Checkout). We do not accept cryptocurrency or bank transfer.', { exact: false }).waitFor();
    await page.getByText(`We may offer a free trial that lasts ${TRIAL_LENGTH_DAYS} days`, { exact: false }).waitFor();
    await page.screenshot({ path: resolve(SCREENSHOTS, 'terms-1440.png') });
    await context.close();
  });

  it('the landing states the profit split and the pool size from their constants', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    const split = page.getByRole('region', { name: 'How profits are shared' });
    for (const part of PROFIT_SPLIT) {
      await expect(split.getByText(`${part.percent}%`, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(split.getByText(part.share, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await page.getByText(`votes of ${ELITE_POOL.size} weighted traders`, { exact: false }).waitFor();
    await page.getByText(`${TRIAL_LENGTH_DAYS}-day free access, no credit card required.`).waitFor();
    await context.close();
  });

  const refusals = [
    { who: 'Alex Affiliate', path: '/trading-admin', refusal: ACCESS_REFUSALS.admin, role: 'Affiliate' },
    { who: 'Alex Affiliate', path: '/trader-dashboard', refusal: ACCESS_REFUSALS.traderDesk, role: 'Affiliate' },
    { who: 'Ivan Investor', path: '/lead-management', refusal: ACCESS_REFUSALS.affiliateTools, role: 'Investor' },
    { who: 'Ivan Investor', path: '/goals', refusal: ACCESS_REFUSALS.goalSetting, role: 'Investor' },
  ];

  it.each(refusals)('$who on $path sees “$refusal.title” with the spec’s text, the role and a way back', async ({ who, path, refusal, role }) => {
    const { context, page } = await signedInPage(who, MOBILE);
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: refusal.title }).waitFor();
    await page.getByText(refusal.message, { exact: true }).waitFor();
    await expect(page.getByText(role, { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Go to the Business Hub' }).isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, `denied${path.replaceAll('/', '-')}-375.png`), fullPage: true });
    await context.close();
  });
});
