import nodemailer, { type Transporter } from 'nodemailer';
import type { MailTransport, OutgoingMail } from '../../ports.ts';

export type { MailTransport, OutgoingMail };

/**
 * The embedded default: nothing leaves the machine. The message stays in the outbox table,
 * marked sent, and admins read it in the demo mailbox.
 */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  async send(): Promise<void> {}
  async close(): Promise<void> {}
}

/** Sends through an SMTP server, e.g. SMTP_URL=smtp://user:pass@host:587 (smtps:// for implicit TLS). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    const parsed = new URL(url);
    this.transporter = nodemailer.createTransport({
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
      secure: parsed.protocol === 'smtps:',
      auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
      // A job holds its claim for minutes: give up on a silent server well before that.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  async send(message: OutgoingMail): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
      // The envelope names exactly one recipient, whatever the headers say.
      envelope: { from: addressOf(this.from), to: [message.to] },
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

export function createMailTransport(config: { smtpUrl: string | undefined; mailFrom: string }): MailTransport {
  return config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : new OutboxTransport();
}
