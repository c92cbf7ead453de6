import { resolve } from 'node:path';
import { startChild, type Child } from './child-process.ts';

export type CeilingMessage = { type: 'serve'; key: string; status: number; contentType: string; bodyBase64: string } | { type: 'stop' };

export const cannedKey = (method: string, path: string) => `${method} ${path}`;

export type Ceiling = {
  url: string;
  /** From now on the ceiling answers `method path` with exactly these bytes and content type. */
  serve: (method: string, path: string, response: { status: number; contentType: string; body: Buffer }) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startCeiling(): Promise<Ceiling> {
  const child: Child = await startChild(resolve(import.meta.dirname, 'ceiling-process.ts'));
  return {
    url: child.url,
    serve: async (method, path, response) => {
      const key = cannedKey(method, path);
      const served = child.next('served');
      const message: CeilingMessage = { type: 'serve', key, status: response.status, contentType: response.contentType, bodyBase64: response.body.toString('base64') };
      child.send(message);
      await served;
    },
    stop: child.stop,
  };
}
