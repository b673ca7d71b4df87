import {
  BulkDecisionInputSchema,
  BulkDecisionResponseSchema,
  type BulkDecisionResult,
  DecisionInputSchema,
  IdParamSchema,
  RejectInputSchema,
} from '@hr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Actor, actorOf } from '../plugins/auth';
import { AppError } from './errors';

export type QueueMode = 'team' | 'admin';

/**
 * A decision's item with the words the decider should read instead of the queue's plain message
 * (say, that an approved correction of a confirmed month is paid back in the next pay run).
 */
export class DecisionReply<T> {
  constructor(
    readonly item: T,
    readonly message: string,
  ) {}
}
type Permissions = { view: string; edit: string };
/** The `data` of a response envelope schema. */
type Data<S extends z.ZodType> = z.input<S> extends { data: infer D } ? D : never;

export type QueueRoutesOptions<
  Q extends z.ZodType<{ page: number; records: number }>,
  P extends z.ZodType,
  I extends z.ZodType,
> = {
  tags: string[];
  /** The list route of each queue; the item, approve and reject routes hang below it. */
  paths: Record<QueueMode, string>;
  /** One pair for both queues, or one pair a queue. */
  permissions: Permissions | Record<QueueMode, Permissions>;
  schemas: { query: Q; page: P; item: I };
  messages: { approved: string; rejected: string };
  list(actor: Actor, query: z.output<Q>, mode: QueueMode): Promise<{ rows: Data<P>; total: number }>;
  /**
   * Registers `GET <path>/:id/context` when given: what deciding the request does (a leave
   * balance before and after, a claim's limits), for the same callers as the request itself.
   */
  context?: {
    schema: z.ZodType;
    get(actor: Actor, id: string, mode: QueueMode): Promise<unknown>;
  };
  /** Registers `GET <path>/:id` when given. */
  get?(actor: Actor, id: string, mode: QueueMode): Promise<Data<I>>;
  decide(
    actor: Actor,
    id: string,
    decision: 'approved' | 'rejected',
    comment: string | null,
    mode: QueueMode,
  ): Promise<Data<I> | DecisionReply<Data<I>>>;
};

/**
 * The team and admin approval queues of one request type: `GET <path>` (paged list),
 * `GET <path>/:id` (when `get` is given), `PUT <path>/:id/approve` and `PUT <path>/:id/reject`,
 * registered team queue first. Every route declares its permission (view for the reads, edit for
 * the decisions); company and data scope stay with the module's functions, which get the actor and
 * the queue mode.
 */
export function queueRoutes<
  Q extends z.ZodType<{ page: number; records: number }>,
  P extends z.ZodType,
  I extends z.ZodType,
>(app: FastifyInstance, o: QueueRoutesOptions<Q, P, I>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tags } = o;
  // Widened here so that the reply types resolve; the modules' functions are checked against the
  // schemas by QueueRoutesOptions, and the response schemas still serialise every reply.
  const schemas: { query: z.ZodType; page: z.ZodType; item: z.ZodType } = o.schemas;
  const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });
  const decided = <T>(out: T | DecisionReply<T>, message: string) =>
    out instanceof DecisionReply ? ok(out.item, out.message) : ok(out, message);
  for (const mode of ['team', 'admin'] as const) {
    const base = o.paths[mode];
    const { view, edit } = 'view' in o.permissions ? o.permissions : o.permissions[mode];
    // The admin queue holds every request of the company: company-wide data scope only, whatever
    // the module's own checks (a team-scope manager with the queue permission is refused).
    const who = (req: FastifyRequest) => {
      const actor = actorOf(req);
      if (mode === 'admin' && actor.scope !== 'company') {
        throw new AppError('FORBIDDEN', 'The admin queue needs company-wide access');
      }
      return actor;
    };
    r.get(
      base,
      {
        config: { permission: view },
        schema: { tags, querystring: schemas.query, response: { 200: schemas.page } },
      },
      async (req) => {
        const q = req.query as z.output<Q>;
        const { rows, total } = await o.list(who(req), q, mode);
        const meta = { totalCount: total, page: q.page, records: q.records };
        return { status: 200, message: 'ok', data: rows, meta };
      },
    );
    const get = o.get;
    if (get) {
      r.get(
        `${base}/:id`,
        {
          config: { permission: view },
          schema: { tags, params: IdParamSchema, response: { 200: schemas.item } },
        },
        async (req) => ok(await get(who(req), req.params.id, mode)),
      );
    }
    const context = o.context;
    if (context) {
      r.get(
        `${base}/:id/context`,
        {
          config: { permission: view },
          schema: { tags, params: IdParamSchema, response: { 200: context.schema } },
        },
        async (req) => ok(await context.get(who(req), req.params.id, mode)),
      );
    }
    // Many requests at once, each through the single decision (its own transaction, the same
    // rules and locks): one that fails is reported with its reason and the others go on.
    r.post(
      `${base}/bulk`,
      {
        config: { permission: edit },
        schema: { tags, body: BulkDecisionInputSchema, response: { 200: BulkDecisionResponseSchema } },
      },
      async (req) => {
        const actor = who(req);
        const { decision, comment } = req.body;
        const results: BulkDecisionResult[] = [];
        for (const id of new Set(req.body.ids)) {
          try {
            const out = await o.decide(
              actor,
              id,
              decision === 'approve' ? 'approved' : 'rejected',
              comment || null,
              mode,
            );
            const item = (out instanceof DecisionReply ? out.item : out) as { status?: unknown };
            const message =
              out instanceof DecisionReply
                ? out.message
                : o.messages[decision === 'approve' ? 'approved' : 'rejected'];
            results.push({ id, ok: true, status: String(item.status ?? ''), message });
          } catch (e) {
            if (!(e instanceof AppError)) {
              req.log.error({ err: e, id }, 'bulk decision failed');
              results.push({ id, ok: false, status: null, message: 'Something went wrong; try it alone' });
              continue;
            }
            results.push({ id, ok: false, status: null, message: reasonOf(e) });
          }
        }
        const decided = results.filter((x) => x.ok).length;
        return {
          status: 200,
          message: `${decided} of ${results.length} decided`,
          data: { results, decided, failed: results.length - decided },
        };
      },
    );
    r.put(
      `${base}/:id/approve`,
      {
        config: { permission: edit },
        schema: {
          tags,
          params: IdParamSchema,
          body: DecisionInputSchema.optional(),
          response: { 200: schemas.item },
        },
      },
      async (req) =>
        decided(
          await o.decide(who(req), req.params.id, 'approved', req.body?.comment || null, mode),
          o.messages.approved,
        ),
    );
    r.put(
      `${base}/:id/reject`,
      {
        config: { permission: edit },
        schema: { tags, params: IdParamSchema, body: RejectInputSchema, response: { 200: schemas.item } },
      },
      async (req) =>
        decided(
          await o.decide(who(req), req.params.id, 'rejected', req.body.comment, mode),
          o.messages.rejected,
        ),
    );
  }
}

/** A refused decision in words: the field errors' messages when there are any, else the message. */
function reasonOf(e: AppError): string {
  const errors = e.details?.errors;
  return errors?.length ? errors.map((x) => x.message).join('; ') : e.message;
}
