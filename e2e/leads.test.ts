import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, users } from '@myeai/db';
import type { Lead, LeadListResponse } from '@myeai/domain';
import { expectAccessible, hasChromium, isOnTop } from './support/browser.ts';
import { useBrowserSuite } from './support/browser-suite.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../test-results/leads');
const FILES = resolve(import.meta.dirname, '../test-results/leads/files');
const AFFILIATE = 'affiliate@demo.myeai.local';

describe.skipIf(!hasChromium)('lead hub in Chromium', () => {
  const suite = useBrowserSuite({ screenshots: SCREENSHOTS, contextOptions: { acceptDownloads: true } });
  const { newPage, signInWithDemo } = suite;
  let affiliateCookie: string;

  beforeAll(async () => {
    mkdirSync(FILES, { recursive: true });
    affiliateCookie = await suite.app.signIn(AFFILIATE);
    // These tests follow a new affiliate from the first lead on: the demo seed's leads go.
    const { db } = suite.app.database;
    const [affiliate] = await db.select({ id: users.id }).from(users).where(eq(users.email, AFFILIATE));
    await db.delete(leads).where(eq(leads.userId, affiliate!.id));
  });

  async function openHub(page: Page, path = '/lead-management'): Promise<void> {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Client Relationship' }).waitFor();
  }

  /** The affiliate's leads as the API has them. */
  async function storedLeads(): Promise<Lead[]> {
    const response = await suite.app.inject({ method: 'GET', url: '/api/leads?page_size=100&sort=name&dir=asc', cookie: affiliateCookie });
    return (response.json() as LeadListResponse).items;
  }

  async function stageOf(email: string): Promise<string | undefined> {
    return (await storedLeads()).find((lead) => lead.email === email)?.stage;
  }

  /** Waits until a modal finished its opening transition (for screenshots and contrast checks). */
  async function dialogSettled(page: Page, name: string | RegExp) {
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).opacity), { timeout: 5_000 }).toBe('1');
    return dialog;
  }

  async function toast(page: Page, text: string | RegExp) {
    await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  }

  it('adds, edits, moves through the stages (table, board drag, Move to menu) and deletes a lead', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Client Relationship' }).click();
    await page.getByRole('heading', { level: 1, name: 'Client Relationship' }).waitFor();
    await page.getByRole('heading', { name: 'No leads yet' }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'empty-1440.png'), fullPage: true });

    // Add: the hub's messages, per field, and cleared when the field is edited.
    await page.getByRole('button', { name: 'Add First Lead' }).click();
    const add = await dialogSettled(page, 'Add Lead');
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await add.getByText('Name is required').waitFor();
    await add.getByText('Email is required').waitFor();
    await add.getByLabel('Email').fill('grace@');
    await expect(add.getByText('Email is required').count()).resolves.toBe(0);
    await add.getByLabel('Phone').fill('0123');
    await add.getByLabel('Value (USD)').fill('-5');
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await add.getByText('Email is invalid').waitFor();
    await add.getByText('Phone number is invalid').waitFor();
    await add.getByText('Value cannot be negative').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'add-errors-1440.png') });
    await add.getByLabel('Name').fill('Grace Hopper');
    await add.getByLabel('Email').fill('grace@navy.example');
    await add.getByLabel('Phone').fill('+1 555 010 2000');
    await add.getByLabel('Company').fill('US Navy');
    await add.getByLabel('Value (USD)').fill('1,250');
    await add.getByRole('button', { name: 'Add Lead' }).click();
    await toast(page, 'Lead added successfully!');
    await add.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Grace Hopper' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/US Navy[\s\S]*\$1,250[\s\S]*Manual[\s\S]*Never/);
    await expect(row.getByRole('link', { name: 'Call Grace Hopper' }).getAttribute('href')).resolves.toBe('tel:+15550102000');
    await expect(row.getByRole('link', { name: 'Email Grace Hopper' }).getAttribute('href')).resolves.toBe('mailto:grace@navy.example');
    await expect(page.getByText('Total Leads').locator('..').innerText()).resolves.toMatch(/Total Leads\s+1\b/);

    // A second lead with the same e-mail: the server's message under the field.
    await page.getByRole('button', { name: 'Add Lead' }).click();
    const again = await dialogSettled(page, 'Add Lead');
    await again.getByLabel('Name').fill('Grace Again');
    await again.getByLabel('Email').fill('GRACE@navy.example');
    await again.getByRole('button', { name: 'Add Lead' }).click();
    await again.getByText('A lead with this email already exists').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    // Edit.
    await row.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    const edit = await dialogSettled(page, 'Edit Lead');
    await expect(edit.getByLabel('Email').inputValue()).resolves.toBe('grace@navy.example');
    await expect(edit.getByLabel('Value (USD)').inputValue()).resolves.toBe('1250');
    await edit.getByLabel('Company').fill('Navy Labs');
    await edit.getByLabel('Last contact').fill('2026-01-15');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Lead updated successfully!');
    await row.filter({ hasText: 'Navy Labs' }).waitFor();
    await expect(row.innerText()).resolves.toMatch(/Jan 15, 2026/);

    // Inline stage change in the table.
    await row.getByRole('textbox', { name: 'Stage of Grace Hopper' }).click();
    await page.getByRole('option', { name: 'Positive' }).click();
    await toast(page, 'Grace Hopper moved to Positive');
    await expect.poll(() => stageOf('grace@navy.example')).toBe('positive');

    // Board: drag the card onto "In the Bag".
    await page.getByText('Board', { exact: true }).click();
    await page.getByRole('heading', { name: 'In the Bag' }).waitFor();
    const card = page.locator('[data-lead-card="grace@navy.example"]');
    await card.waitFor();
    // One pipeline: the seven stages side by side in one row, scrolling sideways inside their box.
    const pipeline = page.getByRole('region', { name: 'Lead pipeline' });
    await expect(pipeline.locator('section[data-stage]').evaluateAll((columns) => new Set(columns.map((c) => Math.round(c.getBoundingClientRect().top))).size)).resolves.toBe(1);
    await expect(pipeline.locator('section[data-stage]').count()).resolves.toBe(7);
    await expect(pipeline.evaluate((box) => box.scrollWidth > box.clientWidth)).resolves.toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'board-1440.png'), fullPage: true });
    // Scrolled as a user would, so the card's column (Positive) and In the Bag are both in view.
    await pipeline.evaluate((box) => box.scrollTo({ left: (box.querySelector('section[data-stage="positive"]') as HTMLElement).getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft }));
    await card.dragTo(page.locator('section[data-stage="itb"]'));
    await toast(page, 'Grace Hopper moved to In the Bag');
    await expect.poll(() => stageOf('grace@navy.example')).toBe('itb');
    await page.locator('section[data-stage="itb"] [data-lead-card="grace@navy.example"]').waitFor();

    // The keyboard way: the card's "Move to…" menu.
    await page.getByRole('button', { name: 'Move Grace Hopper to…' }).click();
    await page.getByRole('menuitem', { name: 'Closed' }).click();
    await toast(page, 'Grace Hopper moved to Closed');
    await expect.poll(() => stageOf('grace@navy.example')).toBe('closed');
    await expect(page.getByText('Conversion').locator('..').innerText()).resolves.toMatch(/100%/);

    // Delete from the table, after the spec's confirmation.
    await page.getByText('Table', { exact: true }).click();
    await row.getByRole('button', { name: 'Delete Grace Hopper' }).click();
    const confirm = await dialogSettled(page, 'Delete lead');
    await confirm.getByText('Are you sure you want to delete lead "Grace Hopper"? This action cannot be undone.').waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Lead deleted successfully!');
    await page.getByRole('heading', { name: 'No leads yet' }).waitFor();
    expect(await storedLeads()).toEqual([]);
    await context.close();
  });

  it('imports a CSV with a preview and column mapping, reports every row, offers the rejected rows and exports', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await openHub(page, '/leads');

    const notCsv = resolve(FILES, 'leads.txt');
    writeFileSync(notCsv, 'Name,Email\n');
    const tooLarge = resolve(FILES, 'too-large.csv');
    writeFileSync(tooLarge, `Name,Email\n${'x'.repeat(2 * 1024 * 1024)}\n`);
    const good = resolve(FILES, 'my-leads.csv');
    writeFileSync(
      good,
      [
        'Full Name,E-mail,Phone,Organisation,Value,Notes',
        'Ada Lovelace,ada@engines.example,+44 20 7946 0958,Analytical Engines,"1,250.50","Met at the expo, twice"',
        'Bob Stone,bob@quarry.example,,Stone & Sons,800,',
        'No Email,,,,,',
        'Neg Value,neg@x.example,,,-5,',
        'Ada Copy,ADA@engines.example,,,,',
        '"Lovelace, Carol",carol@x.example,,,0,"Line one',
        'Line two"',
        'Dan Brown,dan@books.example,,Books,=1+1,',
      ].join('\r\n'),
    );

    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = await dialogSettled(page, 'Import leads from CSV');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Please select a CSV file first').waitFor();
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles(notCsv);
    await dialog.getByText('Please select a CSV file', { exact: true }).waitFor();
    await fileInput.setInputFiles(tooLarge);
    await dialog.getByText('File size too large. Maximum 2MB allowed.').waitFor();
    await fileInput.setInputFiles(good);

    // Preview and mapping: headers matched by name; Organisation -> Company.
    await dialog.getByRole('region', { name: 'First rows of the file' }).getByText('Analytical Engines').waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Full Name' }).inputValue()).resolves.toBe('Name (required)');
    await expect(dialog.getByRole('textbox', { name: 'E-mail' }).inputValue()).resolves.toBe('Email (required)');
    await expect(dialog.getByRole('textbox', { name: 'Organisation' }).inputValue()).resolves.toBe('Company');
    await dialog.getByRole('textbox', { name: 'Notes' }).click();
    await page.getByRole('option', { name: 'Do not import' }).click();
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'import-preview-1440.png') });
    await dialog.getByRole('textbox', { name: 'Notes' }).click();
    await page.getByRole('option', { name: 'Notes' }).click();

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Import completed! 3 leads created.').waitFor();
    const report = dialog.getByRole('region', { name: 'Row report' });
    await expect(report.innerText()).resolves.toMatch(/4\s+Invalid\s+Email is required/i);
    await expect(report.innerText()).resolves.toMatch(/5\s+Invalid\s+Value cannot be negative \("-5"\)/i);
    await expect(report.innerText()).resolves.toMatch(/6\s+Duplicate\s+Same email as row 2 of this file/i);
    await expect(report.innerText()).resolves.toMatch(/9\s+Invalid\s+Value must be a number \("=1\+1"\)/i);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'import-report-1440.png') });

    const [rejected] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download rejected rows' }).click()]);
    expect(rejected.suggestedFilename()).toBe('leads_rejected_rows.csv');
    const rejectedRows = parse(readFileSync(await rejected.path()), { bom: true }) as string[][];
    expect(rejectedRows[0]).toEqual(['Full Name', 'E-mail', 'Phone', 'Organisation', 'Value', 'Notes', 'Reason']);
    expect(rejectedRows.slice(1).map((r) => [r[0], r[6]])).toEqual([
      ['No Email', 'Row 4: Email is required'],
      ['Neg Value', 'Row 5: Value cannot be negative ("-5")'],
      ['Ada Copy', 'Row 6: Same email as row 2 of this file'],
      ['Dan Brown', 'Row 9: Value must be a number ("=1+1")'],
    ]);
    expect(rejectedRows[4]?.[4]).toBe("'=1+1");

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    const stored = await storedLeads();
    expect(stored.map((lead) => [lead.name, lead.stage, lead.value_cents, lead.company])).toEqual([
      ['Ada Lovelace', 'qualified', 125_050, 'Analytical Engines'],
      ['Bob Stone', 'qualified', 80_000, 'Stone & Sons'],
      ['Lovelace, Carol', 'qualified', 0, null],
    ]);
    expect(stored.find((lead) => lead.email === 'carol@x.example')?.notes).toBe('Line one\r\nLine two');
    await page.getByRole('row').filter({ hasText: 'Ada Lovelace' }).waitFor();
    await expect(page.getByText('Qualified+').locator('..').innerText()).resolves.toMatch(/Qualified\+\s+3\b/);

    // Search and filter by the server, then export what is shown.
    await page.getByRole('textbox', { name: 'Search leads' }).fill('stone');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Ada Lovelace' }).count()).toBe(0);
    await expect(page.url()).toMatch(/q=stone/);
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(exported.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const exportedRows = parse(readFileSync(await exported.path()), { bom: true }) as string[][];
    expect(exportedRows.slice(1).map((r) => r[0])).toEqual(['Bob Stone']);
    // A valid phone number is written as it is, not as '+44…; a formula keeps its quote.
    await page.getByRole('textbox', { name: 'Search leads' }).fill('ada');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Bob Stone' }).count()).toBe(0);
    const [withPhone] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const adaRow = (parse(readFileSync(await withPhone.path()), { bom: true }) as string[][]).find((r) => r[1] === 'ada@engines.example');
    expect(adaRow?.[2]).toBe('+44 20 7946 0958');

    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template' }).click()]);
    expect(template.suggestedFilename()).toBe('leads_template.csv');
    expect(readFileSync(await template.path(), 'utf8').split('\r\n')[0]).toBe('Name,Email,Phone,Company,Source,Value,Notes');
    await context.close();
  });

  it('fits a 375 px screen: the table scrolls inside its card, the board pipeline scrolls inside its box', async () => {
    const { context, page } = await newPage({ width: 375, height: 812 });
    await signInWithDemo(page, 'Alex Affiliate');
    await openHub(page);
    await page.getByRole('row').filter({ hasText: 'Bob Stone' }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'table-375.png'), fullPage: true });
    await page.getByText('Board', { exact: true }).click();
    await page.locator('[data-lead-card="bob@quarry.example"]').waitFor();
    await expect(overflow()).resolves.toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', { name: 'Lead pipeline' }).evaluate((box) => box.scrollWidth > box.clientWidth)).resolves.toBe(true);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'board-375.png'), fullPage: true });
    await page.getByText('Table', { exact: true }).click();
    await page.getByRole('button', { name: 'Add Lead' }).click();
    await dialogSettled(page, 'Add Lead');
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'add-375.png') });
    await context.close();
  });

  it('shows skeleton rows while the first page of leads loads', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolveHeld) => (release = resolveHeld));
    await page.route((url) => url.pathname === '/api/leads', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/lead-management?view=table');
    const body = page.locator('tbody[aria-busy="true"]');
    await body.waitFor();
    await expect(body.locator('tr').count()).resolves.toBe(8);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'table-loading-1440.png') });
    release();
    await page.getByRole('row').filter({ hasText: 'Bob Stone' }).waitFor();
    await expect(page.locator('tbody[aria-busy="true"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('a failed load says so with Try Again, never sample leads', async () => {
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    const failure = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }) };
    await page.route((url) => url.pathname === '/api/leads', (route) => route.fulfill(failure));
    await page.goto('/lead-management');
    const retry = page.getByRole('button', { name: 'Try Again' });
    await retry.waitFor({ timeout: 15_000 });
    await expect(page.getByText('Total Leads').count()).resolves.toBe(0);
    await page.unrouteAll();
    await retry.click();
    await page.getByRole('row').filter({ hasText: 'Bob Stone' }).waitFor();
    await context.close();
  });
  it('a row click or Enter opens the lead; the lead and its actions stay in view at 1440 and 375 px', async () => {
    const created = await suite.app.inject({
      method: 'POST',
      url: '/api/leads',
      cookie: affiliateCookie,
      payload: { name: 'Rowan Detail', email: 'rowan.detail@example.com', phone: '+1 555 010 3000', company: 'Detail Works', notes: 'Met at the fair', value_cents: 12_345 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { context, page } = await newPage();
    await signInWithDemo(page, 'Alex Affiliate');
    await openHub(page);
    await page.getByPlaceholder(/^Search/).fill('rowan');
    const row = page.getByRole('row').filter({ hasText: 'Rowan Detail' });
    await row.waitFor();

    // A click on the row (not on one of its controls) opens the lead as stored.
    await row.getByText('Detail Works').click();
    const drawer = await dialogSettled(page, 'Rowan Detail');
    await drawer.getByText('Met at the fair').waitFor();
    await drawer.getByText('$123.45').waitFor();
    await expect(drawer.getByRole('link', { name: 'rowan.detail@example.com' }).getAttribute('href')).resolves.toBe('mailto:rowan.detail@example.com');
    await expectAccessible(page);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'lead-detail-1440.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Enter on the focused row opens it too; the row's own buttons do their own thing.
    await row.focus();
    await page.keyboard.press('Enter');
    await dialogSettled(page, 'Rowan Detail');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: 'Edit Rowan Detail' }).click();
    await dialogSettled(page, 'Edit Lead');
    await expect(page.getByRole('dialog', { name: 'Rowan Detail' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const name = row.getByRole('rowheader');
      const actions = row.getByRole('button', { name: width === 375 ? 'Actions for Rowan Detail' : 'Edit Rowan Detail' });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The table scrolled to its far end: the lead's name and its actions are still the topmost thing where they are drawn.
      await row.evaluate((element) => {
        const scroller = element.closest('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer') as HTMLElement | null;
        if (scroller) scroller.scrollLeft = scroller.scrollWidth;
      });
      await expect.poll(() => isOnTop(name.getByText('Rowan Detail'), width)).toBe(true);
      await expect.poll(() => isOnTop(actions, width)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: resolve(SCREENSHOTS, `lead-row-${width}.png`), fullPage: true });
    }
    // On a phone the actions are one menu; opening it leaves the name where it was.
    const before = await row.getByRole('rowheader').boundingBox();
    await row.getByRole('button', { name: 'Actions for Rowan Detail' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect((await row.getByRole('rowheader').boundingBox())?.x).toBe(before?.x);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'lead-row-menu-375.png') });
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await dialogSettled(page, 'Edit Lead');
    await context.close();
  });
});
