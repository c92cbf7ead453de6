import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_NOW } from '../../../testing/test-database.ts';

/**
 * A local stand-in for Binance's public klines (GET /api/v3/klines), for the provider adapter's
 * tests (decision 071). It answers in the documented shape, one kline per 5 minutes:
 * [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, takerBase, takerQuote, "0"],
 * times in epoch ms, prices as decimal text, as recorded from the real API (the docs' example:
 * [1499040000000, "0.01634790", "0.80000000", "0.01575800", "0.01577100", "148976.11427815",
 * 1499644799999, "2434.19055334", 308, "1756.87402397", "28.46694368", "0"]).
 * The prices follow `closeAt(step)` (a 5-minute step since the epoch), so a test computes by hand
 * what a window's close and horizon were. `mode` switches to the recorded failures: Binance's
 * error object, an HTML gateway page, a short kline, an outage (HTTP 503) and no answer at all.
 */
export type StandInMode = 'good' | 'error_object' | 'html' | 'short_kline' | 'down' | 'hang';

const STEP_MS = 5 * 60_000;

export type KlinesStandIn = {
  url: string;
  mode: StandInMode;
  /** Klines are served up to this instant (their open time before it): later than the app's now, to check that no future price is stored. */
  serveUntil: Date;
  requests: { path: string; symbol: string | null; interval: string | null; startTime: number; limit: number; apiKey: string | undefined }[];
  close: () => Promise<void>;
};

/** The step the series counts from: 2,000 steps (about a week) before the test clock's start. */
export const BASE_STEP = Math.floor(TEST_NOW.getTime() / STEP_MS) - 2000;

/**
 * The close of the kline opening at `step` (5-minute steps since the epoch): BTCUSDT from
 * 50,000.00 and ETHUSDT from 3,000.00 at BASE_STEP, each up 0.1 % a step (10 bps), rounded to
 * the cent: above every default crypto band over every horizon (4 bps on M5), so every scored
 * horizon is a long market.
 */
export function closeAt(symbol: string, step: number): string {
  const start = symbol === 'ETHUSDT' ? 300_000 : 5_000_000;
  return (Math.round(start * 1.001 ** (step - BASE_STEP)) / 100).toFixed(2);
}

function kline(symbol: string, openTime: number) {
  const step = openTime / STEP_MS;
  const open = closeAt(symbol, step - 1);
  const close = closeAt(symbol, step);
  const [low, high] = Number(open) <= Number(close) ? [open, close] : [close, open];
  return [openTime, open, high, low, close, '12.50000000', openTime + STEP_MS - 1, '640000.00000000', 1520, '6.10000000', '312000.00000000', '0'];
}

export async function startKlinesStandIn(serveUntil: Date): Promise<KlinesStandIn> {
  const hanging = new Set<IncomingMessage>();
  const state: Omit<KlinesStandIn, 'close' | 'url'> = { mode: 'good', serveUntil, requests: [] };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const apiKey = request.headers['x-mbx-apikey'];
    state.requests.push({
      path: url.pathname,
      symbol: url.searchParams.get('symbol'),
      interval: url.searchParams.get('interval'),
      startTime: Number(url.searchParams.get('startTime')),
      limit: Number(url.searchParams.get('limit')),
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    });
    if (!url.pathname.endsWith('/api/v3/klines')) {
      response.writeHead(404).end();
      return;
    }
    const symbol = url.searchParams.get('symbol') ?? '';
    switch (state.mode) {
      case 'hang':
        hanging.add(request);
        return;
      case 'down':
        response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      case 'html':
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>');
        return;
      case 'error_object':
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: -1121, msg: 'Invalid symbol.' }));
        return;
      case 'short_kline':
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([[1763899200000, '64200.00', '64300.00']]));
        return;
      case 'good': {
        const start = Math.ceil(Number(url.searchParams.get('startTime')) / STEP_MS) * STEP_MS;
        const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 500));
        const klines = [];
        for (let open = start; open < state.serveUntil.getTime() && klines.length < limit; open += STEP_MS) klines.push(kline(symbol, open));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(klines));
      }
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const standIn = state as KlinesStandIn;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = async () => {
    for (const request of hanging) request.socket.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}
