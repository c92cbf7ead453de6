import { fork, type ChildProcess } from 'node:child_process';

export type ChildMessage = { type: string; [key: string]: unknown };

export function sendToParent(message: ChildMessage): void {
  process.send?.(message);
}

export type Child = {
  url: string;
  process: ChildProcess;
  send: (message: ChildMessage) => void;
  /** Resolves with the first message of `type`. */
  next: (type: string, timeoutMs?: number) => Promise<ChildMessage>;
  stop: () => Promise<void>;
};

function waitFor(child: ChildProcess, type: string, timeoutMs: number): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ChildMessage) => {
      if (message?.type !== type) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child process exited (code ${code}) before sending "${type}"`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`child process sent no "${type}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Forks a TypeScript module (run through tsx) that sends { type: 'ready', url } once it listens. */
export async function startChild(modulePath: string, env: Record<string, string> = {}): Promise<Child> {
  const child = fork(modulePath, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let ready: ChildMessage;
  try {
    ready = await waitFor(child, 'ready', 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: String(ready.url),
    process: child,
    send: (message) => child.send(message),
    next: (type, timeoutMs = 30_000) => waitFor(child, type, timeoutMs),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
