import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { latestMigration, schemaSnapshot } from './schema-snapshot.ts';

describe('drizzle-kit’s snapshot of the latest migration', () => {
  it('is the schema as it is now, so `drizzle-kit generate` has nothing to add (else: npm run db:snapshot)', () => {
    const { tag, snapshotFile } = latestMigration();
    let stored: { id: string; prevId: string };
    try {
      stored = JSON.parse(readFileSync(snapshotFile, 'utf8')) as { id: string; prevId: string };
    } catch {
      throw new Error(`${tag} has no snapshot (${snapshotFile}): run npm run db:snapshot`);
    }
    expect(schemaSnapshot(stored.prevId, stored.id), `${snapshotFile} differs from the schema: run npm run db:snapshot`).toEqual(stored);
  });
});
