import { accountDataPaths, emailCategoryOfMailKind, ESSENTIAL_MAIL_FOOTER, UNSUBSCRIBE_PAGE_PATH, unsubscribeFooter } from '@myeai/domain';
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
  const page = `${origin}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`;
  const oneClick = `${origin}${accountDataPaths.unsubscribe}?token=${token}`;
  const footer = unsubscribeFooter(category, page);
  return {
    to: mail.to,
    subject: mail.subject,
    text: `${mail.text}\n-- \n${footer}\n`,
    html: mail.html ? `${mail.html}<hr><p>${footer.replace(page, `<a href="${page}">${page}</a>`)}</p>` : mail.html,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
