export { enqueueMail, enqueueMails, mailJobHandlers, MAIL_SEND_JOB, listMailbox, getMailboxMessage, type NewMail } from './mail.service.ts';
export { createMailTransport, OutboxTransport, SmtpTransport, type MailTransport, type OutgoingMail } from './mail-transport.ts';
export { countMailDelivery, type MailDeliveryCounts } from './mail.queries.ts';
export { linkOrigin, signLink, verifyLink } from './mail-links.ts';
export { namedSigningKey } from './signing-keys.ts';
