/** `npm run db:snapshot`: writes the latest migration's drizzle-kit snapshot from the schema (packages/db/src/schema-snapshot.ts). */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { latestMigration, schemaSnapshot } from '../src/schema-snapshot.ts';

const { tag, snapshotFile, previousSnapshotFile } = latestMigration();
if (!previousSnapshotFile) throw new Error('no earlier snapshot to chain to');
const previous = JSON.parse(readFileSync(previousSnapshotFile, 'utf8')) as { id: string };
const existing = existsSync(snapshotFile) ? (JSON.parse(readFileSync(snapshotFile, 'utf8')) as { id: string }) : undefined;
writeFileSync(snapshotFile, `${JSON.stringify(schemaSnapshot(previous.id, existing?.id ?? randomUUID()), null, 2)}\n`);
process.stdout.write(`Wrote ${snapshotFile} for ${tag}, after ${previousSnapshotFile}.\n`);
