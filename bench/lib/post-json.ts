import { request } from 'node:http';
import type { BenchContext } from './scenario.ts';

/** POST with no client-side timeout (a timed scenario's one request may take minutes). */
export function postJson(ctx: BenchContext, path: string, cookie: string, body: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(path, ctx.baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
