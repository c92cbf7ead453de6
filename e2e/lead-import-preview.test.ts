import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '@myeai/db';
import type { Lead, LeadListResponse } from '@myeai/domain';
import { hasChromium } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/lead-import-preview');
const FILES = resolve(SCREENSHOTS, 'files');
const AFFILIATE = 'affiliate@demo.myeai.local';

/**
 * The import preview and the import read a file with one parser (decision 034): what the browser
 * shows before the upload is what the server stores, for the cases two parsers used to disagree on.
 */
describe.skipIf(!hasChromium)('lead import preview in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS });
  const { newPage, signInWithDemo } = suite;
  let affiliateCookie: string;

  beforeAll(async () => {
    mkdirSync(FILES, { recursive: true });
    affiliateCookie = await suite.app.signIn(AFFILIATE);
    // The stored leads are compared with the file's rows: the demo seed's leads for the affiliate go first.
    const { db } = suite.app.database;
    const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE));
    await db.delete(leads).where(eq(leads.userId, affiliate!.id));
  });

  async function storedLeads(): Promise<Lead[]> {
    const response = await suite.app.inject({ method: 'GET', url: '/api/leads?page_size=100&sort=created_at&dir=asc', cookie: affiliateCookie });
    return (response.json() as LeadListResponse).items;
  }

  /** The preview table's body cells, row by row, as the page shows them. */
  async function previewRows(page: Page): Promise<string[][]> {
    return page
      .getByRole('region', { name: 'First rows of the file' })
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')));
  }

  it('shows the rows the import stores: BOM, CRLF, quoted commas and quotes, an embedded line break, formula escaping undone', async () => {
    const file = resolve(FILES, 'tricky.csv');
    writeFileSync(
      file,
      '\uFEFFName,Email,Phone,Notes\r\n' +
        '"Lovelace, Ada",ada@engines.example,,"Said ""hello""\r\nthen left"\r\n' +
        '\r\n' +
        "'=SUM(A1),sum@formula.example,'+44 20 7946 0958,''=kept\r\n" +
        '"Stone\nBob",bob@quarry.example,,plain\r\n',
    );

    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.goto('/leads');
    await page.getByRole('heading', { level: 1, name: 'Client Relationship' }).waitFor();
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import leads from CSV' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('region', { name: 'First rows of the file' }).getByText('Lovelace, Ada').waitFor();

    const shown = await previewRows(page);
    expect(shown).toEqual([
      ['Lovelace, Ada', 'ada@engines.example', '', 'Said "hello"\r\nthen left'],
      ['=SUM(A1)', 'sum@formula.example', '+44 20 7946 0958', "'=kept"],
      ['Stone\nBob', 'bob@quarry.example', '', 'plain'],
    ]);
    // The BOM is not part of the first header.
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe('Name (required)');
    await page.screenshot({ path: resolve(SCREENSHOTS, 'preview-1440.png') });

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Import completed! 3 leads created.').waitFor();
    const stored = await storedLeads();
    expect(stored.map((lead) => [lead.name, lead.email, lead.phone ?? '', lead.notes ?? ''])).toEqual(shown);
    await context.close();
  });
});
