import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENVIRONMENT_VARIABLES } from '../env.ts';

/**
 * The README's configuration table and env.ts name the same variables (issue 28): a variable the
 * server reads is documented, and the table documents nothing the server ignores. A row may name
 * several variables in its first column (`STRIPE_WEBHOOK_SECRET`, `STRIPE_PRICE_WEEKLY`...).
 */
function configurationTable(): string[] {
  const readme = readFileSync(resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
  const section = /\n## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Configuration" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!));
}

describe('the README’s configuration table', () => {
  it('lists every variable env.ts reads, and no other', () => {
    const documented = configurationTable();
    expect(documented.length).toBeGreaterThan(20);
    expect(new Set(documented).size, 'a variable listed twice').toBe(documented.length);
    expect([...SERVER_ENVIRONMENT_VARIABLES].filter((name) => !documented.includes(name)), 'read by env.ts, missing from the README').toEqual([]);
    expect(documented.filter((name) => !SERVER_ENVIRONMENT_VARIABLES.includes(name)), 'in the README, not read by env.ts').toEqual([]);
  });
});
