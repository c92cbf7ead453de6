import type { Database, Unlisten } from '@myeai/db';
import type { AccessName } from '@myeai/domain';
import type { Clock } from './clock.ts';
import type { AppConfig } from './env.ts';
import type { OidcSignIn } from './modules/auth/oidc.ts';
import type { MailTransport } from './modules/mail/index.ts';
import type { SessionUser } from './modules/auth/sessions.service.ts';

export type AppDeps = {
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  clock: Clock;
  config: AppConfig;
  oidc: OidcSignIn | undefined;
  /** Where the 'mail.send' job hands outbox messages (SMTP, or the embedded outbox). */
  mailer: MailTransport;
  /** LISTEN on a database channel (PGlite in-process, PostgreSQL across instances). */
  listen: (channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => Promise<Unlisten>;
};

export type RouteAccess = { method: string; url: string; access: AccessName };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    access?: AccessName;
    /** The 401 message of this route when it differs from the default (spec texts such as checkout's). */
    signInMessage?: string;
    /**
     * The route writes nothing any cached read shows (usage events), so its POST does not drop
     * the user's cached reads on this instance (see registerUserChanges).
     */
    leavesUserCaches?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    accessTable: RouteAccess[];
  }
}
