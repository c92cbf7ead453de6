import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, auditLog, mailOutbox, notifications, users } from '@myeai/db';
import { ACCOUNT_DELETION_GRACE_DAYS, DATA_EXPORT_LIFETIME_DAYS } from '@myeai/domain';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKinds } from '../../../testing/test-database.ts';
import { SESSION_COOKIE } from '../../auth/index.ts';
import { CHILD_TABLES, PERSONAL_TABLES } from '../account-data-tables.ts';
import { selectChildRows, selectRowsNaming } from '../account-data.queries.ts';
import { LAST_ADMIN_MESSAGE } from '../deletion.service.ts';

const DAY = 86_400_000;
const AFFILIATE = 'affiliate@demo.myeai.local';

describe.each(testDatabaseKinds())('Your data: export and deletion on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.clearQueues();
  });
  afterAll(async () => {
    await t?.close();
  });

  const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  async function register(name: string, email: string, ref?: string): Promise<{ cookie: string; id: string }> {
    const response = await t.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password: 'correct horse battery 9', ...(ref ? { ref } : {}) } });
    expect(response.statusCode, response.body).toBe(201);
    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    return { cookie: `${SESSION_COOKIE}=${session.value}`, id: (await userByEmail(email))!.id };
  }

  /** Sums of every money record: the erasure must not change them. */
  async function ledgerSums(): Promise<Record<string, string>> {
    const result = (await t.database.db.execute(
      sql`select (select coalesce(sum(amount_cents), 0) from commissions)::text as commissions,
                 (select count(*) from commissions)::text as commission_lines,
                 (select coalesce(sum(amount_cents), 0) from conversions)::text as conversions,
                 (select coalesce(sum(amount_cents), 0) from billing_events)::text as billing_events,
                 (select coalesce(sum(amount_cents), 0) from checkout_sessions)::text as checkout_sessions,
                 (select count(*) from subscriptions)::text as subscriptions`,
    )) as unknown as { rows: Record<string, string>[] };
    return result.rows[0]!;
  }

  it('prepares the export through the job queue: every table naming the person, no secrets, a signed 7-day link, a notification and an e-mail', async () => {
    const cookie = await t.signIn(AFFILIATE);
    const person = (await userByEmail(AFFILIATE))!;
    expect((await t.inject({ method: 'GET', url: '/api/me/export', cookie })).json()).toEqual({ export: null });

    const started = await t.inject({ method: 'POST', url: '/api/me/export', cookie });
    expect(started.statusCode).toBe(202);
    expect(started.json().export).toMatchObject({ status: 'preparing', download_url: null });
    // Asking again while it is prepared answers the same export.
    expect((await t.inject({ method: 'POST', url: '/api/me/export', cookie })).json().export.id).toBe(started.json().export.id);

    expect(await t.runJobs()).toBeGreaterThan(0);
    const state = (await t.inject({ method: 'GET', url: '/api/me/export', cookie })).json().export;
    expect(state.status).toBe('ready');
    expect(new Date(state.expires_at).getTime() - new Date(state.ready_at).getTime()).toBe(DATA_EXPORT_LIFETIME_DAYS * DAY);
    expect(state.download_url).toMatch(/^\/api\/me\/export\/download\?token=/);

    // The signed link is the credential: no session needed.
    const download = await t.inject({ method: 'GET', url: state.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="myeai-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const document = download.json() as { tables: Record<string, Record<string, unknown>[]>; not_exported: Record<string, string> };
    expect(document.tables.users).toHaveLength(1);
    expect(document.tables.users![0]).toMatchObject({ id: person.id, email: AFFILIATE });
    expect(document.tables.users![0]).not.toHaveProperty('password_hash');
    expect(document.tables.sessions!.length).toBeGreaterThan(0);
    for (const session of document.tables.sessions!) expect(session).not.toHaveProperty('token_hash');
    expect(JSON.stringify(document)).not.toMatch(/token_hash|password_hash|code_hash/);

    // A record from every exported table that holds one of the person's (the same list the erasure uses).
    for (const entry of PERSONAL_TABLES) {
      if (entry.notExported) {
        expect(document.not_exported[entry.table]).toBe(entry.notExported);
        continue;
      }
      const held = await selectRowsNaming(t.database.db, entry.table, entry.exportBy ?? Object.keys(entry.columns), person.id);
      // The export's own notification and mail came after the document was built.
      const after = entry.table === 'notifications' || entry.table === 'mail_outbox' || entry.table === 'live_events' ? 2 : 0;
      expect(document.tables[entry.table]!.length, entry.table).toBeGreaterThanOrEqual(held.length - after);
    }
    for (const child of CHILD_TABLES) expect(document.tables[child.table]!.length).toBe((await selectChildRows(t.database.db, child, person.id)).length);
    for (const table of ['leads', 'commissions', 'goals', 'notifications', 'referral_clicks']) expect(document.tables[table]!.length, table).toBeGreaterThan(0);

    const [notice] = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, person.id), eq(notifications.title, 'Your data export is ready')));
    expect(notice).toBeDefined();
    const [mail] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, person.id), eq(mailOutbox.kind, 'account.data_export_ready')));
    expect(mail!.textBody).toContain('http://localhost:3000/api/me/export/download?token=');
    // One e-mail only: the notification does not send its own.
    expect(await t.database.db.$count(mailOutbox, and(eq(mailOutbox.userId, person.id), eq(mailOutbox.subject, 'Your data export is ready')))).toBe(0);
  });

  it('refuses a tampered or expired download link with 400 and a clear message', async () => {
    const cookie = await t.signIn(AFFILIATE);
    const { download_url: url } = (await t.inject({ method: 'GET', url: '/api/me/export', cookie })).json().export;
    const tampered = url.replace(/.$/, (last: string) => (last === 'A' ? 'B' : 'A'));
    const refused = await t.inject({ method: 'GET', url: tampered });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('This download link is not valid');
    expect((await t.inject({ method: 'GET', url: '/api/me/export/download?token=nonsense' })).statusCode).toBe(400);

    t.clock.advance(DATA_EXPORT_LIFETIME_DAYS * DAY + 1000);
    const expired = await t.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toContain('expired');
    expect((await t.inject({ method: 'GET', url: '/api/me/export', cookie })).json().export).toMatchObject({ status: 'expired', download_url: null });
  });

  it('deletion asks for the password (or a fresh sign-in) and the typed phrase; nothing changes on a refusal', async () => {
    const { cookie } = await register('Pat Password', 'pat.password@example.com');
    const wrongPhrase = await t.inject({ method: 'DELETE', url: '/api/me', cookie, payload: { password: 'correct horse battery 9', confirm: 'delete' } });
    expect(wrongPhrase.statusCode).toBe(400);
    expect(wrongPhrase.json().error.message).toContain('Type DELETE to confirm.');
    const wrongPassword = await t.inject({ method: 'DELETE', url: '/api/me', cookie, payload: { password: 'nope', confirm: 'DELETE' } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.message).toBe('The password is not correct.');
    expect(await t.database.db.$count(accountDeletions)).toBe(0);

    // A password-less account (here a demo one) needs a sign-in within the last 5 minutes.
    const demo = await t.signIn('trader@demo.myeai.local');
    t.clock.advance(6 * 60_000);
    const stale = await t.inject({ method: 'DELETE', url: '/api/me', cookie: demo, payload: { confirm: 'DELETE' } });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toBe('Sign in again, then delete your account within 5 minutes.');
    expect(await t.database.db.$count(accountDeletions)).toBe(0);
  });

  it('signing in during the grace period cancels the deletion, and the erasure job then does nothing', async () => {
    const { cookie, id } = await register('Sam Second Thoughts', 'sam.second@example.com');
    const deleted = await t.inject({ method: 'DELETE', url: '/api/me', cookie, payload: { password: 'correct horse battery 9', confirm: 'DELETE' } });
    expect(deleted.statusCode).toBe(202);
    expect(new Date(deleted.json().erase_after).getTime() - t.clock.now().getTime()).toBe(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    // Every session ended, and the cookie is cleared.
    expect(deleted.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await t.inject({ method: 'GET', url: '/api/auth/profile', cookie })).statusCode).toBe(401);

    t.clock.advance(3 * DAY);
    const signIn = await t.inject({ method: 'POST', url: '/api/auth/password', payload: { email: 'sam.second@example.com', password: 'correct horse battery 9' } });
    expect(signIn.statusCode).toBe(200);
    expect(await t.database.db.$count(accountDeletions, eq(accountDeletions.userId, id))).toBe(0);
    await t.runJobs();
    expect(await t.database.db.$count(notifications, and(eq(notifications.userId, id), eq(notifications.title, 'Account deletion cancelled')))).toBe(1);
    expect(await t.database.db.$count(mailOutbox, and(eq(mailOutbox.userId, id), eq(mailOutbox.kind, 'account.deletion_cancelled')))).toBe(1);

    t.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    await t.runJobs();
    expect((await userByEmail('sam.second@example.com'))?.status).toBe('active');
  });

  it('the last admin cannot delete themselves (409); an admin can when another admin stays', async () => {
    const admin = await t.signIn('admin@demo.myeai.local');
    const adminRow = (await userByEmail('admin@demo.myeai.local'))!;
    const others = await t.database.db.execute(sql`select id, roles from users where id <> ${adminRow.id} and 'admin' = any(roles)`);
    await t.database.db.execute(sql`update users set roles = array_remove(roles, 'admin'), active_role = case when active_role = 'admin' then roles[1] else active_role end where id <> ${adminRow.id} and 'admin' = any(roles)`);
    const refused = await t.inject({ method: 'DELETE', url: '/api/me', cookie: admin, payload: { confirm: 'DELETE' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(LAST_ADMIN_MESSAGE);
    expect(await t.database.db.$count(accountDeletions)).toBe(0);
    // Put the other admins back for the tests that follow.
    for (const row of (others as unknown as { rows: { id: string; roles: string[] }[] }).rows) {
      await t.database.db.update(users).set({ roles: row.roles }).where(eq(users.id, row.id));
    }
  });

  it('an admin runs the export and the deletion for a person from People Management, audited', async () => {
    const admin = await t.signIn('admin@demo.myeai.local');
    const adminRow = (await userByEmail('admin@demo.myeai.local'))!;
    const { id } = await register('Robin Requested', 'robin.requested@example.com');
    const started = await t.inject({ method: 'POST', url: `/api/rbac/admin/users/${id}/export`, cookie: admin });
    expect(started.statusCode).toBe(202);
    await t.runJobs();
    const state = (await t.inject({ method: 'GET', url: `/api/rbac/admin/users/${id}/export`, cookie: admin })).json();
    expect(state.export.status).toBe('ready');
    expect(state.deletion).toBeNull();
    const document = (await t.inject({ method: 'GET', url: state.export.download_url })).json();
    expect(document.tables.users[0].email).toBe('robin.requested@example.com');
    // The admin who asked is told.
    expect(await t.database.db.$count(mailOutbox, and(eq(mailOutbox.userId, adminRow.id), eq(mailOutbox.kind, 'account.data_export_ready')))).toBe(1);

    expect((await t.inject({ method: 'DELETE', url: `/api/rbac/admin/users/${id}`, cookie: admin, payload: { confirm: 'nope' } })).statusCode).toBe(400);
    const deleted = await t.inject({ method: 'DELETE', url: `/api/rbac/admin/users/${id}`, cookie: admin, payload: { confirm: 'DELETE' } });
    expect(deleted.statusCode).toBe(202);
    expect((await t.inject({ method: 'GET', url: `/api/rbac/admin/users/${id}/export`, cookie: admin })).json().deletion).toMatchObject({ status: 'scheduled' });
    expect((await t.inject({ method: 'DELETE', url: `/api/rbac/admin/users/${id}`, cookie: admin, payload: { confirm: 'DELETE' } })).statusCode).toBe(409);
    const audited = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.actorId, adminRow.id), eq(auditLog.target, id)));
    expect(audited.map((row) => row.action).sort()).toEqual(['account.data_export', 'account.deletion_requested']);
  });

  it('after 14 days the job erases the person: no personal data in any table, ledger sums unchanged, the e-mail registers anew and old referral links credit no one', async () => {
    const cookie = await t.signIn(AFFILIATE);
    const person = (await userByEmail(AFFILIATE))!;
    const oldCode = person.referralCode;
    const referred = await register('Riley Referred', 'riley.referred@example.com', oldCode);
    expect((await t.database.db.select().from(users).where(eq(users.id, referred.id)))[0]!.referredBy).toBe(person.id);
    const before = await ledgerSums();

    const deleted = await t.inject({ method: 'DELETE', url: '/api/me', cookie, payload: { confirm: 'DELETE' } });
    expect(deleted.statusCode, deleted.body).toBe(202);
    t.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY - 60_000);
    await t.runJobs();
    expect((await userByEmail(AFFILIATE))?.id).toBe(person.id);

    t.clock.advance(2 * 60_000);
    await t.runJobs();
    expect(await userByEmail(AFFILIATE)).toBeUndefined();
    const [erased] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(erased).toMatchObject({ name: 'Deleted account', status: 'deleted', passwordHash: null, picture: null });
    expect(erased!.referralCode).not.toBe(oldCode);

    for (const entry of PERSONAL_TABLES) {
      const rows = await selectRowsNaming(t.database.db, entry.table, Object.keys(entry.columns), person.id);
      for (const [column, erasure] of Object.entries(entry.columns)) {
        if (erasure === 'delete') expect(rows.filter((row) => row[column] === person.id), `${entry.table}.${column}`).toEqual([]);
      }
      // No row anywhere in these tables holds the e-mail; the person's rows hold neither e-mail nor name.
      const all = JSON.stringify((await t.database.db.execute(sql`select * from ${sql.identifier(entry.table)}`) as unknown as { rows: unknown[] }).rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
      expect(all.toLowerCase().includes(AFFILIATE) ? all.slice(all.toLowerCase().indexOf(AFFILIATE) - 300, all.toLowerCase().indexOf(AFFILIATE) + 50) : '', `${entry.table} still holds the e-mail`).toBe('');
      const own = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
      expect(own.includes(person.name), `${entry.table} still holds the name`).toBe(false);
    }
    for (const child of CHILD_TABLES) expect(await selectChildRows(t.database.db, child, person.id)).toEqual([]);
    expect(await ledgerSums()).toEqual(before);
    expect(await t.database.db.$count(accountDeletions, and(eq(accountDeletions.userId, person.id)))).toBe(1);

    // Sign-in is refused; the address registers again as a new person.
    expect((await t.inject({ method: 'POST', url: '/api/auth/demo', payload: { email: AFFILIATE } })).statusCode).toBe(404);
    const again = await register('Alex Again', AFFILIATE);
    expect(again.id).not.toBe(person.id);
    // The old code credits no one.
    const late = await register('Lee Late', 'lee.late@example.com', oldCode);
    expect((await t.database.db.select().from(users).where(eq(users.id, late.id)))[0]!.referredBy).toBeNull();
    // Those the person referred keep their accounts, pointing at the pseudonym.
    expect((await t.database.db.select().from(users).where(eq(users.id, referred.id)))[0]!.referredBy).toBe(person.id);
  });
});
