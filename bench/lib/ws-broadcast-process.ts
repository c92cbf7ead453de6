// Child process: the bare baseline of the vote-to-screen fan-out. A plain `ws` server that, on
// POST /broadcast, sends the request body as one message to every connected socket.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { sendToParent } from './child-process.ts';

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const message = Buffer.concat(chunks).toString('utf8');
    for (const client of sockets.clients) client.send(message);
    response.writeHead(204).end();
  });
});
const sockets = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  sendToParent({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
});

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'stop') return;
  for (const client of sockets.clients) client.terminate();
  server.close(() => process.exit(0));
});
