import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The paths the web app registers in apps/web/src/app/screens.tsx (signed in) and public-pages.tsx, read from their source so the
 * browser tests follow the registry as features land (importing it would pull the whole web
 * app into Node).
 */
export function builtScreenPaths(): Set<string> {
  const source = ['screens.tsx', 'public-pages.tsx']
    .map((file) => readFileSync(resolve(import.meta.dirname, '../../apps/web/src/app', file), 'utf8'))
    .join('\n');
  const paths = [...source.matchAll(/^\s*'(\/[^']*)':\s*lazyPage\(/gm)].map((match) => match[1]!);
  if (paths.length === 0) throw new Error('no screens found in screens.tsx: has the registry format changed?');
  return new Set(paths);
}
