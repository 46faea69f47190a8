import {
  type GenerationStreamEvent,
  generateInputSchema,
  generateResultSchema,
  generationListQuerySchema,
  generationPageSchema,
  generationSchema,
  idParamsSchema,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EventStreams } from '../../lib/event-stream.ts';
import { route } from '../../lib/route.ts';
import type { StreamCaps } from '../../lib/stream-caps.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { CreationService } from './creation.service.ts';
import type { GenerationStreamer } from './generation-stream.ts';

const tags = ['creator'];

export function creationRoutes(
  app: FastifyInstance,
  deps: {
    creation: CreationService;
    stream: GenerationStreamer;
    ratePerMin: number;
    streamCaps: StreamCaps;
    eventStreams: EventStreams;
  },
) {
  const { creation } = deps;

  route(app, {
    method: 'POST',
    url: '/creator/generate',
    summary: '开始生成脚本（后台进行，立即返回生成记录 id）',
    tags,
    body: generateInputSchema,
    response: generateResultSchema,
    preHandler: app.requireUser,
    config: deps.ratePerMin > 0 ? { rateLimit: { max: deps.ratePerMin, timeWindow: '1 minute' } } : undefined,
    handler: async (req) => creation.generate(currentUser(req).id, req.body),
  });

  route(app, {
    method: 'GET',
    url: '/creator/list',
    summary: '我的创作记录（分页）',
    tags,
    query: generationListQuerySchema,
    response: generationPageSchema,
    preHandler: app.requireUser,
    handler: async (req) => creation.list(currentUser(req).id, req.query.page, req.query.pageSize),
  });

  route(app, {
    method: 'GET',
    url: '/creator/:id',
    summary: '一次生成的状态与脚本',
    tags,
    params: idParamsSchema,
    response: generationSchema,
    preHandler: app.requireUser,
    handler: async (req) => creation.get(currentUser(req).id, req.params.id),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/creator/:id/stream',
    {
      schema: {
        summary:
          '生成进度（text/event-stream：delta / script / done / error 事件；先补发已保存的内容，再推送后续）',
        tags,
        params: idParamsSchema,
        produces: ['text/event-stream'],
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      // Answers 404 and 429 as envelopes before the stream opens.
      const userId = currentUser(req).id;
      await creation.requireOwned(userId, req.params.id);
      const release = deps.streamCaps.open({ userId });
      const stream = deps.eventStreams.open(reply, { release });
      const controller = new AbortController();
      stream.onClose(() => controller.abort());
      try {
        await deps.stream(
          req.params.id,
          { send: (e: GenerationStreamEvent) => stream.send(e.event, e.data) },
          controller.signal,
        );
      } catch (error) {
        // The generation itself goes on: the client reconnects and is sent what is stored.
        req.log.error({ err: error }, 'generation stream failed');
      } finally {
        stream.end();
      }
    },
  );
}
