/**
 * `npm run admin -- grant <email> <role>`: grants a role from a shell on the server (the first
 * admin of a real deployment, DESIGN.md decision 28; docs/decisions/035). On PostgreSQL it runs
 * beside the servers and their caches and sockets hear of it through the database; the embedded
 * database admits one process, so stop the server first.
 */
import { DataDirLockedError, openDatabase } from '@myeai/db';
import { RoleSchema, ROLES, type Role } from '@myeai/domain';
import { systemClock } from '../clock.ts';
import { readServerEnv } from '../env.ts';
import { getUserByEmail, grantRole } from '../modules/auth/index.ts';
import { publishLiveEvent } from '../modules/live/index.ts';

const USAGE = `Usage: npm run admin -- grant <email> <role>   (roles: ${ROLES.join(', ')})`;

async function main(): Promise<void> {
  const [command, email, roleName] = process.argv.slice(2);
  if (command !== 'grant' || !email || !roleName) throw new Error(USAGE);
  const role = RoleSchema.safeParse(roleName);
  if (!role.success) throw new Error(`"${roleName}" is not a role. ${USAGE}`);

  const { dataDir, databaseUrl } = readServerEnv();
  const database = await (databaseUrl ? openDatabase({ kind: 'postgres', connectionString: databaseUrl }) : openDatabase({ kind: 'pglite', dataDir })).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      throw new Error(`${error.message}\nThe embedded database admits one process: stop the server, run this again, then start the server.`);
    }
    throw error;
  });
  try {
    const user = await getUserByEmail(database.db, email);
    if (!user) throw new Error(`There is no account with the e-mail ${email}. Sign in once (or register) with it, then run this again.`);
    const { user: updated, changed } = await grantRole(database.db, systemClock, user.id, role.data, 'cli');
    if (changed) {
      // A running server (PostgreSQL) delivers it to the user's open tabs.
      await publishLiveEvent(database.db, systemClock, updated.id, 'account.updated', {
        roles: updated.roles as Role[],
        active_role: updated.activeRole as Role,
        status: updated.status === 'suspended' ? 'suspended' : 'active',
      });
    }
    const summary = `roles: ${updated.roles.join(', ')}; active role: ${updated.activeRole}`;
    process.stdout.write(changed ? `Granted ${role.data} to ${updated.email} (${summary}). Recorded in the audit log.\n` : `${updated.email} already holds ${role.data} (${summary}). Nothing changed.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
