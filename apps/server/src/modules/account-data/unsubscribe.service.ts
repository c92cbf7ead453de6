import type { DbOrTx } from '@myeai/db';
import { AppError, EMAIL_CATEGORY_LABELS, readUnsubscribeFields, type EmailCategory, type UnsubscribeView } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { Clock } from '../../clock.ts';
import { verifyLink } from '../mail/index.ts';
import { getNotificationSettings, saveNotificationSettings } from '../notifications/index.ts';
import { selectPerson } from './account-data.queries.ts';

const INVALID_LINK = 'This unsubscribe link is not valid. Sign in and open the notification settings to choose your e-mails.';

async function readToken(db: DbOrTx, clock: Clock, token: string | undefined): Promise<{ userId: string; category: EmailCategory; email: string }> {
  const fields = await verifyLink(db, clock, 'unsubscribe', token);
  const parsed = fields ? readUnsubscribeFields(fields) : null;
  const person = parsed ? await selectPerson(db, parsed.userId) : undefined;
  if (!parsed || !person) throw new AppError('VALIDATION', INVALID_LINK);
  return { ...parsed, email: person.email };
}

/** "a***@example.com": enough for the person to recognise, not a directory of addresses for whoever holds a link. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** What the confirm page shows before the person presses Unsubscribe. */
export async function viewUnsubscribe(deps: AppDeps, token: string | undefined): Promise<UnsubscribeView> {
  const { userId, category, email } = await readToken(deps.db, deps.clock, token);
  const settings = await getNotificationSettings(deps.db, userId);
  return { category, label: EMAIL_CATEGORY_LABELS[category], email: maskEmail(email), subscribed: settings[category] };
}

/** Turns the link's category off in the person's notification settings, without signing in (RFC 8058 one-click). */
export async function unsubscribe(deps: AppDeps, token: string | undefined): Promise<UnsubscribeView> {
  return deps.db.transaction(async (tx) => {
    const { userId, category, email } = await readToken(tx, deps.clock, token);
    const settings = await getNotificationSettings(tx, userId);
    if (settings[category]) await saveNotificationSettings(tx, deps.clock, userId, { ...settings, [category]: false });
    return { category, label: EMAIL_CATEGORY_LABELS[category], email: maskEmail(email), subscribed: false };
  });
}
