import {
  scriptConfirmInputSchema,
  scriptDownloadInputSchema,
  scriptListQuerySchema,
  scriptPageSchema,
  scriptSchema,
  templateListSchema,
} from '@app/contract';
import type { ScriptTemplate } from '@app/contract/generation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../plugins/auth.plugin.ts';
import type { ScriptService } from './script.service.ts';

const tags = ['script'];

export function scriptRoutes(
  app: FastifyInstance,
  deps: { scripts: ScriptService; listTemplates: () => ScriptTemplate[] },
) {
  const { scripts } = deps;

  route(app, {
    method: 'GET',
    url: '/script/templates',
    summary: '脚本模板及其结构',
    tags,
    response: templateListSchema,
    handler: async () => deps.listTemplates(),
  });

  route(app, {
    method: 'POST',
    url: '/script/confirm',
    summary: '确认脚本（可同时提交修改）',
    tags,
    body: scriptConfirmInputSchema,
    response: scriptSchema,
    preHandler: app.requireUser,
    handler: async (req) => scripts.confirm(currentUser(req).id, req.body.scriptId, req.body.edits),
  });

  route(app, {
    method: 'GET',
    url: '/script/list',
    summary: '我的脚本（可按是否已确认筛选）',
    tags,
    query: scriptListQuerySchema,
    response: scriptPageSchema,
    preHandler: app.requireUser,
    handler: async (req) => scripts.list(currentUser(req).id, req.query),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/script/download',
    {
      schema: {
        summary: '下载脚本文件（docx / md / txt；文件名为脚本标题）',
        tags,
        body: scriptDownloadInputSchema,
        produces: [
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'text/markdown',
          'text/plain',
        ],
      },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      const file = await scripts.download(currentUser(req).id, req.body.scriptId, req.body.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.contentDisposition)
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', 'content-disposition')
        .send(file.body);
    },
  );
}
