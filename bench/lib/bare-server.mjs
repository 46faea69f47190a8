// The baseline: a bare Fastify answering a static JSON object of the same size as the measured
// route, on the same machine in the same run. What we add on top of it is what we measure.
import Fastify from 'fastify';

const size = Number(process.env.BODY_BYTES ?? 200);
const body = { success: true, data: { pad: 'x'.repeat(Math.max(0, size - 45)) }, message: 'ok' };
const app = Fastify({ logger: false });
app.get('/api/v1/health', async () => ({ ok: true }));
app.get('/static', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
