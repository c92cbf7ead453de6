import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 074: the server's modules in layers, and the web's features without cycles. A module
 * may import modules of its own layer or of a lower one, and the modules of one layer import each
 * other without a cycle. The graph is the runtime imports between module folders (type-only
 * imports are left out: they vanish at run time), through any file of the folder, tests aside.
 *
 * The edges that break the order today are listed in KNOWN_UPWARD and KNOWN_CYCLE_EDGES, each with
 * what removes it (issue 28 item 2: side effects as events, one sessions module). The lists only
 * shrink: a new edge against the order fails, and so does a listed edge that no longer exists.
 */

const SERVER_LAYERS = {
  /** Services every feature uses: the audit trail, change feed, job queue, e-mail, live channel, in-app notifications. */
  platform: ['audit', 'changes', 'jobs', 'mail', 'usage', 'health', 'backup', 'live', 'notifications'],
  /** Who is signed in and what they may do. */
  identity: ['auth', 'account', 'rbac'],
  /** The money and the catalogue the features read: ledger, tracked links, plans, billing, trials. */
  ledger: ['products', 'landing', 'commissions', 'tracking', 'billing', 'subscriptions', 'trials'],
  /** What a user opens. */
  features: [
    'goals', 'leads', 'referrals', 'dashboard', 'earnings', 'commission-cells', 'payouts', 'finance', 'learning',
    'personalization', 'profile', 'onboarding', 'trading', 'trading-admin', 'trading-alerts', 'market-data',
    'video-widgets', 'support', 'account-data', 'admin-overview',
  ],
  /** Screens made of several features (each role's home). */
  composition: ['role-homes'],
} as const;

/** Imports against the layer order today, each as "from -> to", with what removes it. */
const KNOWN_UPWARD: Record<string, string> = {
  'live -> auth': 'the live channel looks the session up through auth: a sessions module in the platform layer (issue 28 item 2)',
  'auth -> referrals': 'sign-up attribution called from auth: a sign-up hook that referrals plugs into at composition (issue 28 item 2)',
  'rbac -> commissions': 'role changes settle commission state inline: an event the ledger subscribes to (issue 28 item 2)',
  'commissions -> goals': 'the ledger write settles goals inline (decision 048): commission.created as an event goals subscribes to (issue 28 item 2)',
  'trials -> goals': 'a trial start creates onboarding goals inline: trial.started as an event (issue 28 item 2)',
  'billing -> payouts': 'Stripe webhooks for Connect transfers settle payout items from billing: a provider event payouts subscribes to (issue 28 item 2)',
};

/** Imports that close a cycle inside one layer today, with what removes them. */
const KNOWN_CYCLE_EDGES: Record<string, string> = {
  'auth -> account': "auth's sign-up route sends account's verification link (account uses auth's users and sessions): the sign-up hook of issue 28 item 2",
  'commission-cells -> earnings': "a seat's advancement reads earnings' advancement checks (earnings reads the cells' configuration): the checks belong with the cells",
};

const MODULES = resolve(import.meta.dirname, '../modules');
const FEATURES = resolve(import.meta.dirname, '../../../web/src/features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folders under `root` each folder imports at run time (`import x from`, `export x from`, not `import type`). */
function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const folders = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  for (const folder of folders) {
    const targets = new Set<string>();
    for (const file of sourceFiles(join(root, folder))) {
      const source = readFileSync(file, 'utf8');
      for (const [, specifier] of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gm)) {
        const target = relative(root, resolve(dirname(file), specifier!)).split('/')[0]!;
        if (target !== folder && !target.startsWith('..') && folders.includes(target)) targets.add(target);
      }
      for (const [, specifier] of source.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) {
        const target = relative(root, resolve(dirname(file), specifier!)).split('/')[0]!;
        if (target !== folder && !target.startsWith('..') && folders.includes(target)) targets.add(target);
      }
    }
    graph.set(folder, targets);
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one node (Tarjan). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const edgesOf = (graph: Map<string, Set<string>>) => [...graph].flatMap(([from, targets]) => [...targets].map((to) => `${from} -> ${to}`));

describe('module layers (decision 074)', () => {
  const graph = folderGraph(MODULES);
  const layerNames = Object.keys(SERVER_LAYERS) as (keyof typeof SERVER_LAYERS)[];
  const layerOf = new Map<string, number>(layerNames.flatMap((name, rank) => SERVER_LAYERS[name].map((module) => [module, rank] as const)));
  const describeEdge = (edge: string) => {
    const [from, to] = edge.split(' -> ') as [string, string];
    return `${edge} (${layerNames[layerOf.get(from)!]} may not import ${layerNames[layerOf.get(to)!]}: the order is ${layerNames.join(' < ')})`;
  };

  it('places every server module in exactly one layer', () => {
    const placed = layerNames.flatMap((name) => SERVER_LAYERS[name]);
    expect([...graph.keys()].filter((module) => !layerOf.has(module)), 'modules without a layer').toEqual([]);
    expect(placed.filter((module) => !graph.has(module)), 'layers naming no module').toEqual([]);
    expect(new Set(placed).size, 'a module in two layers').toBe(placed.length);
  });

  it('has no import from a lower layer to a higher one beyond the known ones, and each known one still exists', () => {
    const upward = edgesOf(graph).filter((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return layerOf.get(from)! < layerOf.get(to)!;
    });
    expect(upward.filter((edge) => !(edge in KNOWN_UPWARD)).map(describeEdge), 'new imports against the layer order').toEqual([]);
    expect(Object.keys(KNOWN_UPWARD).filter((edge) => !upward.includes(edge)), 'known edges that are gone: remove them from KNOWN_UPWARD').toEqual([]);
  });

  it('has no import cycle between modules once the known upward imports are set aside', () => {
    const allowed = new Set([...Object.keys(KNOWN_UPWARD), ...Object.keys(KNOWN_CYCLE_EDGES)]);
    const ordered = new Map([...graph].map(([from, targets]) => [from, new Set([...targets].filter((to) => !allowed.has(`${from} -> ${to}`)))]));
    expect(cyclesOf(ordered).map((cycle) => cycle.join(', ')), 'modules importing each other in a circle').toEqual([]);
    const edges = edgesOf(graph);
    expect(Object.keys(KNOWN_CYCLE_EDGES).filter((edge) => !edges.includes(edge)), 'known edges that are gone: remove them from KNOWN_CYCLE_EDGES').toEqual([]);
  });

  it('finds a cycle and an upward import when there is one (the check itself)', () => {
    const probe = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set<string>()]]);
    expect(cyclesOf(probe)).toEqual([['a', 'b', 'c']]);
    const modules = folderGraph(MODULES);
    expect(modules.get('notifications')?.has('audit'), 'the graph sees a module using another through its index.ts').toBe(true);
  });
});

describe('web features without cycles (decision 074)', () => {
  /** A cycle between web features today, with what removes it. */
  const KNOWN_WEB_CYCLE_EDGES: Record<string, string> = {
    'commission-management -> network-manager': "Commission Management opens Network Manager's create-cell dialog (and Network Manager opens Commission Management's Elite Pool and test-revenue dialogs): the shared dialogs belong in one feature both pages use",
  };

  it('has no import cycle between features', () => {
    const graph = folderGraph(FEATURES);
    const ordered = new Map([...graph].map(([from, targets]) => [from, new Set([...targets].filter((to) => !(`${from} -> ${to}` in KNOWN_WEB_CYCLE_EDGES)))]));
    expect(cyclesOf(ordered).map((cycle) => cycle.join(', ')), 'features importing each other in a circle').toEqual([]);
    const edges = edgesOf(graph);
    expect(Object.keys(KNOWN_WEB_CYCLE_EDGES).filter((edge) => !edges.includes(edge)), 'known edges that are gone: remove them').toEqual([]);
  });
});
