import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the fake endpoint does with one request: stream some text, fail with a status, never
 * answer (`hang`), or stream the start of an answer and then stall (`stall`).
 */
export type Reply =
  | { text: string }
  | { status: number; headers?: Record<string, string> }
  | { hang: true }
  | { stall: string };

export interface ChatRequest {
  model: string;
  stream: boolean;
  response_format?: { type: string };
  messages: Array<{ role: string; content: string }>;
}

/**
 * A minimal OpenAI-compatible /v1/chat/completions speaking the real SSE format. `replies` are
 * used in turn (then 500), or decided per call (counted from 1).
 */
export async function fakeOpenAI(replies: Reply[] | ((call: number) => Reply)) {
  const requests: ChatRequest[] = [];
  const stalled = new Set<ServerResponse>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body) as ChatRequest);
    const reply = (typeof replies === 'function' ? replies(requests.length) : replies.shift()) ?? {
      status: 500,
    };
    if ('hang' in reply) return; // never answers
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const frame = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'fake-model',
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    res.write(frame({ role: 'assistant', content: '' }, null));
    const text = 'stall' in reply ? reply.stall : reply.text;
    // Token-sized pieces, each its own SSE event, like a real model.
    for (let i = 0; i < text.length; i += 6) {
      res.write(frame({ content: text.slice(i, i + 6) }, null));
      await new Promise((r) => setImmediate(r));
    }
    if ('stall' in reply) {
      stalled.add(res);
      return;
    }
    res.write(frame({}, 'stop'));
    res.end('data: [DONE]\n\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
