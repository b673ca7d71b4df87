import {
  AssignmentBodySchema,
  AssignmentEndBodySchema,
  AssignmentListResponseSchema,
  AssignmentResponseSchema,
  AttendancePolicyBodySchema,
  AttendancePolicyListResponseSchema,
  AttendancePolicyResponseSchema,
  ExplainQuerySchema,
  ExplainResponseSchema,
  HolidayBodySchema,
  HolidayCalendarBodySchema,
  HolidayCalendarListResponseSchema,
  HolidayCalendarResponseSchema,
  HolidayIdParamSchema,
  HolidayParamSchema,
  HolidayResponseSchema,
  MasterPolicyBodySchema,
  MasterPolicyDropdownResponseSchema,
  MasterPolicyListResponseSchema,
  MasterPolicyResponseSchema,
  MessageSchema,
  OptionalHolidaysQuerySchema,
  OptionalHolidaysResponseSchema,
  PoliciesSummaryResponseSchema,
  PolicyIdParamSchema,
  PolicyListQuerySchema,
  RosterBodySchema,
  RosterListResponseSchema,
  RosterResponseSchema,
  ShiftBodySchema,
  ShiftListResponseSchema,
  ShiftResponseSchema,
  WeeklyOffBodySchema,
  WeeklyOffListResponseSchema,
  WeeklyOffResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import type { PoliciesService } from './policies.service';

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });
const paged = <T>(r: { rows: T[]; total: number }, q: { page: number; records: number }) => ({
  status: 200,
  message: 'ok',
  data: r.rows,
  meta: { totalCount: r.total, page: q.page, records: q.records },
});

export function policiesRoutes(app: FastifyInstance, deps: { policies: PoliciesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { policies } = deps;
  const tags = ['policies'];

  /** List, create, update, delete of one definition, each under its area's permission. */
  function crud<B extends z.ZodType>(o: {
    path: string;
    area: string;
    label: string;
    body: B;
    list: z.ZodType;
    one: z.ZodType;
    service: {
      list: (
        a: ReturnType<typeof actorOf>,
        q: z.infer<typeof PolicyListQuerySchema>,
      ) => Promise<{ rows: object[]; total: number }>;
      create: (a: ReturnType<typeof actorOf>, b: z.infer<B>) => Promise<unknown>;
      update: (a: ReturnType<typeof actorOf>, id: string, b: z.infer<B>) => Promise<unknown>;
      remove: (a: ReturnType<typeof actorOf>, id: string) => Promise<void>;
    };
    canDelete?: (row: Record<string, unknown>) => boolean;
  }) {
    r.get(
      o.path,
      {
        config: { permission: `${o.area}.view` },
        schema: { tags, querystring: PolicyListQuerySchema, response: { 200: o.list } },
      },
      async (req) => {
        const actor = actorOf(req);
        const page = await o.service.list(actor, req.query);
        const rows = page.rows.map((row) => ({
          ...row,
          abilities: {
            edit: actor.permissions.includes(`${o.area}.edit`),
            delete:
              actor.permissions.includes(`${o.area}.delete`) &&
              (o.canDelete ?? ((x) => !x.used_by))(row as Record<string, unknown>),
          },
        }));
        return paged({ rows, total: page.total }, req.query);
      },
    );
    r.post(
      o.path,
      { config: { permission: `${o.area}.add` }, schema: { tags, body: o.body, response: { 201: o.one } } },
      async (req, reply) => {
        reply.code(201);
        return {
          status: 201,
          message: `${o.label} created`,
          data: await o.service.create(actorOf(req), req.body as z.infer<B>),
        };
      },
    );
    r.put(
      `${o.path}/:id`,
      {
        config: { permission: `${o.area}.edit` },
        schema: { tags, params: PolicyIdParamSchema, body: o.body, response: { 200: o.one } },
      },
      async (req) =>
        ok(await o.service.update(actorOf(req), req.params.id, req.body as z.infer<B>), `${o.label} updated`),
    );
    r.delete(
      `${o.path}/:id`,
      {
        config: { permission: `${o.area}.delete` },
        schema: { tags, params: PolicyIdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await o.service.remove(actorOf(req), req.params.id);
        return ok(null, `${o.label} deleted`);
      },
    );
  }

  crud({
    path: '/api/attendance-policy',
    area: 'attendance_policies',
    label: 'Attendance policy',
    body: AttendancePolicyBodySchema,
    list: AttendancePolicyListResponseSchema,
    one: AttendancePolicyResponseSchema,
    service: policies.attendance,
  });
  crud({
    path: '/api/shift',
    area: 'attendance_policies',
    label: 'Shift',
    body: ShiftBodySchema,
    list: ShiftListResponseSchema,
    one: ShiftResponseSchema,
    service: policies.shifts,
  });
  crud({
    path: '/api/roster',
    area: 'attendance_policies',
    label: 'Roster',
    body: RosterBodySchema,
    list: RosterListResponseSchema,
    one: RosterResponseSchema,
    service: policies.rosters,
  });
  crud({
    path: '/api/weekly-off-policy',
    area: 'weekly_off_policies',
    label: 'Weekly-off policy',
    body: WeeklyOffBodySchema,
    list: WeeklyOffListResponseSchema,
    one: WeeklyOffResponseSchema,
    service: policies.weeklyOffs,
  });
  crud({
    path: '/api/holiday-calendar',
    area: 'holiday_calendar',
    label: 'Holiday calendar',
    body: HolidayCalendarBodySchema,
    list: HolidayCalendarListResponseSchema,
    one: HolidayCalendarResponseSchema,
    service: policies.calendars,
  });
  crud({
    path: '/api/master-policy',
    area: 'master_policies',
    label: 'Master policy',
    body: MasterPolicyBodySchema,
    list: MasterPolicyListResponseSchema,
    one: MasterPolicyResponseSchema,
    service: policies.masters,
    canDelete: (m) => !m.is_default && !m.assignment_count,
  });

  // ---- Holidays of a calendar ----
  r.post(
    '/api/holiday-calendar/:id/holiday',
    {
      config: { permission: 'holiday_calendar.edit' },
      schema: {
        tags,
        params: PolicyIdParamSchema,
        body: HolidayBodySchema,
        response: { 201: HolidayResponseSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return {
        status: 201,
        message: 'Holiday added',
        data: await policies.addHoliday(actorOf(req), req.params.id, req.body),
      };
    },
  );
  r.put(
    '/api/holiday-calendar/:id/holiday/:holidayId',
    {
      config: { permission: 'holiday_calendar.edit' },
      schema: {
        tags,
        params: HolidayParamSchema,
        body: HolidayBodySchema,
        response: { 200: HolidayResponseSchema },
      },
    },
    async (req) =>
      ok(
        await policies.updateHoliday(actorOf(req), req.params.id, req.params.holidayId, req.body),
        'Holiday updated',
      ),
  );
  r.delete(
    '/api/holiday-calendar/:id/holiday/:holidayId',
    {
      config: { permission: 'holiday_calendar.edit' },
      schema: { tags, params: HolidayParamSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      await policies.removeHoliday(actorOf(req), req.params.id, req.params.holidayId);
      return ok(null, 'Holiday deleted');
    },
  );

  // ---- The caller's optional holidays ----
  r.get(
    '/api/optional-holidays',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: OptionalHolidaysQuerySchema,
        response: { 200: OptionalHolidaysResponseSchema },
      },
    },
    async (req) => ok(await policies.myOptionalHolidays(actorOf(req), req.query.year)),
  );
  r.put(
    '/api/optional-holidays/:holidayId',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: HolidayIdParamSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      await policies.pickOptional(actorOf(req), req.params.holidayId);
      return ok(null, 'Optional holiday picked');
    },
  );
  r.delete(
    '/api/optional-holidays/:holidayId',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: HolidayIdParamSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      await policies.unpickOptional(actorOf(req), req.params.holidayId);
      return ok(null, 'Optional holiday removed');
    },
  );

  // ---- Master policy dropdown and assignments ----
  r.get(
    '/api/master-policy/dropdown',
    {
      config: { permission: 'authenticated' },
      schema: { tags, response: { 200: MasterPolicyDropdownResponseSchema } },
    },
    async (req) => ok(await policies.masterDropdown(actorOf(req))),
  );
  r.get(
    '/api/master-policy/:id/assignment',
    {
      config: { permission: 'master_policies.view' },
      schema: { tags, params: PolicyIdParamSchema, response: { 200: AssignmentListResponseSchema } },
    },
    async (req) => ok(await policies.assignments(actorOf(req), req.params.id)),
  );
  r.post(
    '/api/master-policy/:id/assignment',
    {
      config: { permission: 'master_policies.edit' },
      schema: {
        tags,
        params: PolicyIdParamSchema,
        body: AssignmentBodySchema,
        response: { 201: AssignmentResponseSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return {
        status: 201,
        message: 'Master policy assigned',
        data: await policies.assign(actorOf(req), req.params.id, req.body),
      };
    },
  );
  r.put(
    '/api/master-policy-assignment/:id/end',
    {
      config: { permission: 'master_policies.edit' },
      schema: {
        tags,
        params: PolicyIdParamSchema,
        body: AssignmentEndBodySchema,
        response: { 200: AssignmentResponseSchema },
      },
    },
    async (req) =>
      ok(
        await policies.endAssignment(actorOf(req), req.params.id, req.body.effective_to),
        'Assignment ended',
      ),
  );
  r.delete(
    '/api/master-policy-assignment/:id',
    {
      config: { permission: 'master_policies.edit' },
      schema: { tags, params: PolicyIdParamSchema, response: { 200: MessageSchema } },
    },
    async (req) => {
      await policies.removeAssignment(actorOf(req), req.params.id);
      return ok(null, 'Assignment deleted');
    },
  );

  // ---- Summary and inspector ----
  r.get(
    '/api/policies/summary',
    {
      config: { permission: 'policies_summary.view' },
      schema: { tags, response: { 200: PoliciesSummaryResponseSchema } },
    },
    async (req) => ok(await policies.summary(actorOf(req))),
  );
  r.get(
    '/api/policies/explain',
    {
      config: { permission: 'policies_summary.view' },
      schema: { tags, querystring: ExplainQuerySchema, response: { 200: ExplainResponseSchema } },
    },
    async (req) => ok(await policies.explain(actorOf(req), req.query.employee_id, req.query.date)),
  );
}
