// A bare Fastify server answering one fixed body on GET and POST /bare (see bare-fastify.ts).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE);
const type = process.env.BARE_CONTENT_TYPE;
const app = Fastify({ logger: false });
app.get('/bare', (_request, reply) => reply.type(type).send(body));
app.post('/bare', (_request, reply) => reply.type(type).send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
