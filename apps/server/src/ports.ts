/**
 * Types of what `buildApp`'s dependencies hand to the modules (decision 047). Types only, and this
 * file imports nothing, so `app-deps.ts` names them without importing a module's index (which
 * would close a type-only cycle such as app-deps -> mail -> jobs -> app-deps).
 */

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (an optional mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};

/** Where outbox messages go. Both adapters are chosen by configuration (env SMTP_URL). */
export type MailTransport = {
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMail): Promise<void>;
  close(): Promise<void>;
};
