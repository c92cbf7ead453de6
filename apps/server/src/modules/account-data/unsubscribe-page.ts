import type { UnsubscribeView } from '@myeai/domain';
import { PLAIN_PAGE_STYLE } from '../../plugins/security-headers.ts';

/**
 * The small pages behind an e-mail's unsubscribe link, served by the server itself (no sign-in,
 * no app bundle): GET shows what the link turns off and a button, the button POSTs the same URL.
 */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} - MYEAI</title>
<style>${PLAIN_PAGE_STYLE}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body>
</html>
`;
}

export function confirmPage(view: UnsubscribeView, actionUrl: string): string {
  if (!view.subscribed) return donePage(view);
  return page(
    'Unsubscribe',
    `<p>Stop sending ${escape(view.label)} to ${escape(view.email)}?</p>` +
      `<form method="post" action="${escape(actionUrl)}"><button type="submit">Unsubscribe</button></form>` +
      '<p>E-mails about your account\'s security, sign-in and payments still arrive. You can turn these e-mails back on in the notification settings.</p>',
  );
}

export function donePage(view: UnsubscribeView): string {
  return page(
    'You are unsubscribed',
    `<p>We no longer send ${escape(view.label)} to ${escape(view.email)}.</p><p>Changed your mind? Sign in and turn them back on in the notification settings. <a href="/">Go to MYEAI</a></p>`,
  );
}

export function invalidLinkPage(message: string): string {
  return page('Link not valid', `<p>${escape(message)}</p><p><a href="/">Go to MYEAI</a></p>`);
}
