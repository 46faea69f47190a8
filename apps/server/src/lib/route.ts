import { envelopeSchema } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from './envelope.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  method: Method;
  url: string;
  summary: string;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** The schema of `data`; the envelope is added here, and it also serialises the answer. */
  response: R;
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  config?: Record<string, unknown>;
  handler: (
    req: FastifyRequest & { body: z.output<B>; query: z.output<Q>; params: z.output<P> },
    reply: FastifyReply,
  ) => Promise<z.input<R>>;
}

/**
 * One call of the API: validated input and output from the contract, answer wrapped in the
 * envelope, documented in OpenAPI by being declared. Keeps each route to a schema and one
 * service call.
 */
export function route<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
  R extends z.ZodType = z.ZodUnknown,
>(app: FastifyInstance, spec: RouteSpec<B, Q, P, R>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url: spec.url,
    preHandler: spec.preHandler,
    config: spec.config,
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: { 200: envelopeSchema(spec.response) },
    },
    // The generic R cannot be matched to the provider's inferred reply type; the response
    // schema still validates and serialises what goes out.
    handler: (async (req: FastifyRequest, reply: FastifyReply) =>
      ok(await spec.handler(req as never, reply))) as never,
  });
}
