import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '@myeai/db';
import { COMMUNITY_URL_MESSAGE } from '@myeai/domain';
import { createTestApp, TEST_NOW, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';

const SEEDED = {
  figures: [
    { label: 'Average monthly growth', value: '+18%' },
    { label: 'Network conversion', value: '32%' },
    { label: 'Active opportunities', value: '120+' },
  ],
  community_url: 'https://t.me/myeai_community',
  community_name: 'the MYEAI Telegram community',
};

const EDITED = {
  figures: [
    { label: 'Members', value: '2,500+' },
    { label: 'Countries', value: '41' },
  ],
  community_url: 'https://discord.gg/myeai',
  community_name: 'our Discord server',
};

describe.each(testDatabaseKinds())('landing content on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const landing = async () => (await t.inject({ method: 'GET', url: '/api/landing' })).json() as Record<string, unknown>;
  const put = (payload: unknown, cookie?: string) => t.inject({ method: 'PUT', url: '/api/admin/landing', payload: payload as object, cookie });
  const qr = () => t.inject({ method: 'GET', url: '/api/landing/community-qr.svg' });
  const auditRows = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'landing.update')).orderBy(desc(auditLog.createdAt));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.signInAs('admin');
  });
  afterAll(() => t.close());

  it('serves the seeded figures to anyone, signed out included', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/landing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...SEEDED, updated_at: TEST_NOW.toISOString() });
  });

  it('draws the community QR code as SVG on the server', async () => {
    const response = await qr();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(response.body).toContain('<path');
  });

  it('an affiliate cannot edit it (403) and nothing changes', async () => {
    const auditBefore = (await auditRows()).length;
    const response = await put(EDITED, await t.signInAs('affiliate'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(await landing()).toMatchObject(SEEDED);
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it.each([
    { name: 'no figures', body: { ...EDITED, figures: [] } },
    { name: 'seven figures', body: { ...EDITED, figures: Array.from({ length: 7 }, (_, i) => ({ label: `L${i}`, value: `${i}` })) } },
    { name: 'an empty label', body: { ...EDITED, figures: [{ label: '  ', value: '1' }] } },
    { name: 'a value over 20 characters', body: { ...EDITED, figures: [{ label: 'Members', value: '1'.repeat(21) }] } },
    { name: 'a community link that is not a URL', body: { ...EDITED, community_url: 'join our telegram' } },
    { name: 'no community name', body: { figures: EDITED.figures, community_url: null } },
    { name: 'not an object', body: ['figures'] },
  ])('refuses $name with 400 and changes nothing', async ({ body }) => {
    const before = await landing();
    const auditBefore = (await auditRows()).length;
    const response = await put(body, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    expect(await landing()).toEqual(before);
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it.each(['javascript:alert(document.cookie)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example', 'https://user:pw@evil.example'])(
    'refuses the community link %s (only http and https) with 400 and stores nothing',
    async (communityUrl) => {
      const before = await landing();
      const auditBefore = (await auditRows()).length;
      const response = await put({ ...EDITED, community_url: communityUrl }, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION', message: COMMUNITY_URL_MESSAGE, details: [{ path: 'community_url' }] } });
      expect(await landing()).toEqual(before);
      expect(await auditRows()).toHaveLength(auditBefore);
    },
  );

  it('an admin saves it: the page shows the new figures and an audit row records who and what', async () => {
    t.clock.advance(60_000);
    const savedAt = t.clock.now();
    const response = await put({ ...EDITED, figures: [{ label: '  Members ', value: ' 2,500+ ' }, EDITED.figures[1]] }, admin);
    expect(response.statusCode).toBe(200);
    const expected = { ...EDITED, updated_at: savedAt.toISOString() };
    expect(response.json()).toEqual(expected);
    expect(await landing()).toEqual(expected);

    const [adminRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.myeai.local'));
    const [latest] = await auditRows();
    expect(latest).toMatchObject({ actorId: adminRow!.id, action: 'landing.update', target: 'landing', details: EDITED });
    expect(latest!.createdAt).toEqual(savedAt);
  });

  it('the QR code follows the saved community link', async () => {
    const before = (await qr()).body;
    expect((await put({ ...EDITED, community_url: 'https://t.me/another_group' }, admin)).statusCode).toBe(200);
    const after = await qr();
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toBe(before);
  });

  it('with no community link there is no QR image (404) and the page says null', async () => {
    expect((await put({ ...EDITED, community_url: null }, admin)).statusCode).toBe(200);
    expect(await landing()).toMatchObject({ community_url: null });
    const response = await qr();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
