// Child process: the ceiling. A bare Fastify server that answers each registered request with
// bytes held in memory (the real app's response, fetched once), so the ratio app/ceiling shows
// what our stack costs (session lookup, database, validation, serialisation).
import Fastify from 'fastify';
import { cannedKey, type CeilingMessage } from './ceiling.ts';
import { sendToParent } from './child-process.ts';

type Canned = { status: number; contentType: string; body: Buffer };

const canned = new Map<string, Canned>();

const app = Fastify({ logger: false });
app.all('/*', (request, reply) => {
  const response = canned.get(cannedKey(request.method, request.url));
  if (!response) return reply.status(404).send({ error: 'not registered' });
  return reply.status(response.status).header('content-type', response.contentType).send(response.body);
});
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

const address = await app.listen({ port: 0, host: '127.0.0.1' });
sendToParent({ type: 'ready', url: address });

process.on('message', (message: CeilingMessage) => {
  if (message.type === 'serve') {
    canned.set(message.key, { status: message.status, contentType: message.contentType, body: Buffer.from(message.bodyBase64, 'base64') });
    sendToParent({ type: 'served', key: message.key });
  } else if (message.type === 'stop') {
    void app.close().then(() => process.exit(0));
  }
});
