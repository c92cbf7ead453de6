import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// import-x/no-cycle (decision 029) follows value imports only: `import type` is erased and cannot
// change load order. Decision 047 also keeps type-only loops out (jobs -> app-deps -> mail -> jobs
// was one), so this walks every relative import, type-only ones included, of the source files of
// the server, the web app and the packages, and expects no strongly connected component.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'packages/db/src'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__tests__') sourceFiles(path, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Tarjan's strongly connected components with more than one file: each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(root, member));
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import cycles, type-only imports included (decision 047)', () => {
  it('finds none in the source files', () => {
    const files = ROOTS.flatMap((dir) => sourceFiles(resolve(root, dir)));
    const known = new Set(files);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map(({ fileName }) => fileName).filter((name) => name.startsWith('.'));
      graph.set(file, targets.map((name) => resolve(dirname(file), name)).filter((target) => known.has(target)));
    }
    expect(files.length).toBeGreaterThan(400);
    expect(cycles(graph)).toEqual([]);
  });
});
