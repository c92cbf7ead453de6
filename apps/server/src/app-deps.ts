import type { Database, Unlisten } from '@myeai/db';
import type { AccessName } from '@myeai/domain';
import type { Clock } from './clock.ts';
import type { AppConfig } from './env.ts';
import type { OidcSignIn, SessionUser } from './modules/auth/index.ts';
import type { MailTransport } from './ports.ts';

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
  /** A consistent snapshot of the embedded database (.tar.gz); unset on PostgreSQL (pg_dump). */
  snapshotDatabase?: () => Promise<Blob>;
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
    /** The 403 message of this route when the spec names one (the referral migration's "Admin access required"). */
    forbiddenMessage?: string;
    /**
     * The route writes nothing any cached read shows (usage events), so its POST does not drop
     * the user's cached reads on this instance (see registerUserChanges).
     */
    leavesUserCaches?: boolean;
    /**
     * Admits a caller the access rule refuses when it proves access another way (the backup key
     * that the server writes into its data folder, for `npm run backup`).
     */
    alsoAllow?: (request: FastifyRequest) => boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    accessTable: RouteAccess[];
    /** Every route registered after the access guard, with or without an access rule (see registerAccessGuard). */
    routeList: { method: string; url: string }[];
  }
}
