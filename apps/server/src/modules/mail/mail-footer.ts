import { accountDataPaths, emailCategoryOfMailKind, ESSENTIAL_MAIL_FOOTER, unsubscribeFooter } from '@myeai/domain';
import type { AppDeps } from '../../app-deps.ts';
import type { OutgoingMail } from '../../ports.ts';
import { linkOrigin, signLink } from './mail-links.ts';

/**
 * A mail as it leaves (the 'mail.send' job; docs/decisions/059): an optional mail (a notification,
 * digest or alert) gets its one-click unsubscribe footer and the RFC 8058 headers, whose URL is the
 * POST endpoint; an essential mail says why it has no such link.
 */
export async function finishOutgoingMail(deps: AppDeps, mail: OutgoingMail & { kind: string; userId: string | null }): Promise<OutgoingMail> {
  const category = emailCategoryOfMailKind(mail.kind);
  if (!category || !mail.userId) {
    return { to: mail.to, subject: mail.subject, text: `${mail.text}\n-- \n${ESSENTIAL_MAIL_FOOTER}\n`, html: mail.html ? `${mail.html}<hr><p>${ESSENTIAL_MAIL_FOOTER}</p>` : mail.html };
  }
  const token = await signLink(deps.db, deps.clock, 'unsubscribe', [mail.userId, category]);
  const origin = linkOrigin(deps.config.publicUrl);
  // One URL: a click in the mail opens its confirm page (GET), a mail client's one-click POSTs to it.
  const link = `${origin}${accountDataPaths.unsubscribe}?token=${token}`;
  const footer = unsubscribeFooter(category, link);
  return {
    to: mail.to,
    subject: mail.subject,
    text: `${mail.text}\n-- \n${footer}\n`,
    html: mail.html ? `${mail.html}<hr><p>${footer.replace(link, `<a href="${link}">${link}</a>`)}</p>` : mail.html,
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
