import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, backupPaths } from '@myeai/domain';

/** True when the request carries the backup key the running server wrote into its data folder. */
function holdsBackupKey(key: string | undefined, request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  if (!key || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function backupRoutes(root: FastifyInstance): Promise<void> {
  const { deps } = root;

  /**
   * A consistent snapshot of the embedded database (gzipped tarball of its data folder) while the
   * server runs: downloaded by an admin, or fetched by `npm run backup` with the data folder's key.
   * A PostgreSQL deployment is backed up with pg_dump instead.
   */
  root.get(backupPaths.download, {
    config: { access: 'admin', alsoAllow: (request) => holdsBackupKey(deps.config.backupKey, request) },
    schema: { tags: ['admin'], summary: 'Download a snapshot of the embedded database (.tar.gz)', produces: ['application/gzip'] },
    handler: async (_request, reply) => {
      if (!deps.snapshotDatabase) throw new AppError('CONFLICT', 'This server uses a PostgreSQL server: back it up with pg_dump.');
      const snapshot = await deps.snapshotDatabase();
      const stamp = deps.clock.now().toISOString().replace(/[:.]/g, '-');
      reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="myeai-backup-${stamp}.tar.gz"`);
      return reply.send(Buffer.from(await snapshot.arrayBuffer()));
    },
  });
}
