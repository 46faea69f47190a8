import {
  idParamsSchema,
  personaDeleteResultSchema,
  personaListQuerySchema,
  personaPageSchema,
  personaSchema,
  personaUpdateSchema,
} from '@app/contract';
import { personaAnalyzeInputSchema } from '@app/contract/generation';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { type EventStream, type EventStreams, wantsEventStream } from '../../lib/event-stream.ts';
import { route } from '../../lib/route.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { PersonaService } from './persona.service.ts';

export function personaRoutes(
  app: FastifyInstance,
  deps: { personas: PersonaService; ratePerMin: number; streamCaps: StreamCaps; eventStreams: EventStreams },
) {
  const { personas } = deps;

  route(app, {
    method: 'POST',
    url: '/persona/analyze',
    summary:
      '账号分析：生成人设（先扣点数，失败退回）。请求头 Accept: text/event-stream 时以 SSE 返回：' +
      'delta {text}… 然后 persona {persona} 或 error {message}',
    tags: ['persona'],
    body: personaAnalyzeInputSchema,
    response: personaSchema,
    preHandler: app.requireUser,
    config: { rateLimit: { max: deps.ratePerMin, timeWindow: '1 minute' } },
    handler: async (req, reply) => {
      const user = currentUser(req);
      if (!wantsEventStream(req)) return personas.analyze(user.id, req.body);
      // Refused before anything is charged when the user already holds too many streams. The slot
      // is held until the analysis ends, not the stream: it goes on when the client goes away.
      const release = deps.streamCaps.open({ userId: user.id });

      // Refusals before the stream opens (no credits, too many personas) answer as plain JSON
      // with their status; once it is open, the outcome travels as an event.
      let stream: EventStream | undefined;
      try {
        const persona = await personas.analyze(user.id, req.body, {
          onStart: () => {
            stream = deps.eventStreams.open(reply);
          },
          onDelta: (text) => stream?.send('delta', { text }),
        });
        stream?.send('persona', { persona });
      } catch (error) {
        if (!stream) throw error;
        req.log.error({ err: error }, 'persona analysis failed on a stream');
        const message = error instanceof AppError ? error.message : '人设分析失败，请稍后重试';
        stream.send('error', { message });
      } finally {
        release();
      }
      stream?.end();
      return undefined as never;
    },
  });

  route(app, {
    method: 'GET',
    url: '/persona/list',
    summary: '我的人设（默认人设在前，其余按时间倒序）',
    tags: ['persona'],
    query: personaListQuerySchema,
    response: personaPageSchema,
    preHandler: app.requireUser,
    handler: async (req) => personas.list(currentUser(req).id, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'GET',
    url: '/persona/:id',
    summary: '查看一个人设（只能看自己的）',
    tags: ['persona'],
    params: idParamsSchema,
    response: personaSchema,
    preHandler: app.requireUser,
    handler: async (req) => personas.get(currentUser(req).id, req.params.id),
  });

  route(app, {
    method: 'PATCH',
    url: '/persona/:id',
    summary: '重命名人设或设为默认人设',
    tags: ['persona'],
    params: idParamsSchema,
    body: personaUpdateSchema,
    response: personaSchema,
    preHandler: app.requireUser,
    handler: async (req) => personas.update(currentUser(req).id, req.params.id, req.body),
  });

  route(app, {
    method: 'DELETE',
    url: '/persona/:id',
    summary: '删除人设（删除默认人设时，最新的另一个人设成为默认）',
    tags: ['persona'],
    params: idParamsSchema,
    response: personaDeleteResultSchema,
    preHandler: app.requireUser,
    handler: async (req) => personas.remove(currentUser(req).id, req.params.id),
  });
}
