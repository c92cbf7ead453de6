import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process that takes the lock with the real code and keeps it until killed. */
async function holdLockInChildProcess(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    lockDataDir(${JSON.stringify(dir)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited early (${code}): ${stderr}`)));
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('lockDataDir', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  const lockFile = () => join(dir, 'myeai.lock');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'myeai-lock-'));
  });
  afterEach(async () => {
    if (child) await kill(child);
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes this process id into the lock file and removes it on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
    // Free again: it can be taken and released a second time.
    lockDataDir(dir)();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('creates a missing data folder', () => {
    const nested = join(dir, 'a', 'b');
    const release = lockDataDir(nested);
    expect(existsSync(join(nested, 'myeai.lock'))).toBe(true);
    release();
  });

  it('refuses the folder while another live process holds it, with a clear message', async () => {
    child = await holdLockInChildProcess(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(child.pid));

    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).name).toBe('DataDirLockedError');
    expect((error as Error).message).toContain(`pid ${child.pid}`);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message).toMatch(/DATA_DIR/);
    // The holder's lock is left alone.
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(child.pid));
  });

  it('takes over a stale lock left by a process that died', async () => {
    child = await holdLockInChildProcess(dir);
    const deadPid = child.pid!;
    await kill(child);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(deadPid));

    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it.each(['', 'not a pid', '0', '-1'])('takes over a lock file with unusable content %j', (content) => {
    writeFileSync(lockFile(), content);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('openDatabase refuses a PGlite folder in use by another process and leaves it untouched', async () => {
    child = await holdLockInChildProcess(dir);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    expect(readdirSync(dir)).toEqual(['myeai.lock']);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(child.pid));
  });

  it('openDatabase holds the lock while open and releases it on close', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    } finally {
      await handle.close();
    }
    expect(existsSync(lockFile())).toBe(false);
  });
});
