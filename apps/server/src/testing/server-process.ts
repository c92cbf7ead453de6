import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SERVER = resolve(ROOT, 'apps/server/src/server.ts');
const KILL_SWITCH = resolve(import.meta.dirname, 'kill-switch.ts');

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  exited: Promise<Exit>;
  output: () => string;
  /** SIGTERM, as an operator stopping it; resolves when it has exited. */
  stop: () => Promise<Exit>;
};

export type ServerOptions = {
  /** The embedded database's folder, or a PostgreSQL URL. */
  database: { dataDir: string } | { url: string };
  /** SIGKILL after the n-th statement containing `match` (see kill-switch.ts). */
  killAfter?: { match: string; nth: number };
  env?: Record<string, string>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Runs a node script of the repository as its own process; resolves with its exit and output. */
export function runNodeScript(script: string, args: string[], env: Record<string, string>): Promise<Exit & { output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], { cwd: ROOT, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((done) => child.on('exit', (code, signal) => done({ code, signal, output })));
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', MYEAI_DEMO: '1' };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.MYEAI_TEST_KILL_AFTER;
  return env;
}

/**
 * The real server (src/server.ts) as a child process on its own port and database. Resolves once it
 * listens; rejects with its output if it exits first.
 */
export async function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', ...options.env };
  if ('dataDir' in options.database) env.DATA_DIR = options.database.dataDir;
  else env.DATABASE_URL = options.database.url;
  if (options.killAfter) env.MYEAI_TEST_KILL_AFTER = JSON.stringify(options.killAfter);
  const args = ['--import', 'tsx', ...(options.killAfter ? ['--import', KILL_SWITCH] : []), SERVER];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<Exit>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('MYEAI is running')) ready();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    void exited.then((exit) => fail(Object.assign(new Error(`the server exited (${exit.code ?? exit.signal}) before listening:\n${output}`), { exit, output })));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Signs in a demo account on a server process; returns the cookie header value. */
export async function signInOn(server: ServerProcess, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  if (response.status !== 200) throw new Error(`demo sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('myeai_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}
