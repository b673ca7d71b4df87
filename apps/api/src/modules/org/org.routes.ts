import {
  AnnouncementBodySchema,
  AnnouncementListQuerySchema,
  AnnouncementListResponseSchema,
  AnnouncementResponseSchema,
  AssetAssignmentBodySchema,
  AssetAssignmentListQuerySchema,
  AssetAssignmentListResponseSchema,
  AssetAssignmentResponseSchema,
  AssetBodySchema,
  AssetListQuerySchema,
  AssetListResponseSchema,
  AssetResponseSchema,
  AssetReturnBodySchema,
  CurrentAnnouncementsResponseSchema,
  DivisionBodySchema,
  DivisionDropdownResponseSchema,
  DivisionIdParamSchema,
  DivisionListQuerySchema,
  DivisionListResponseSchema,
  DivisionResponseSchema,
  DivisionUnitBodySchema,
  DivisionUnitEmployeeParamSchema,
  DivisionUnitParamSchema,
  DivisionUnitResponseSchema,
  DROPDOWN_STATUS_OPTIONS,
  DROPDOWN_TYPE_OPTIONS,
  DropdownResponseSchema,
  DropdownStatusParamSchema,
  DropdownTypeParamSchema,
  EmployeeIdParamSchema,
  IdParamSchema,
  MessageSchema,
  ReportingManagerQuerySchema,
  ReportingManagersBodySchema,
  ReportingManagersResponseSchema,
  ReportingRoleBodySchema,
  ReportingRoleListResponseSchema,
  ReportingRoleResponseSchema,
  UnitEmployeesBodySchema,
  UnitEmployeesResponseSchema,
  ValueLabelListResponseSchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../plugins/auth';
import type { AnnouncementService } from './announcement.service';
import type { AssetService } from './asset.service';
import type { DivisionService } from './division.service';
import { announcementAbilities, assetAbilities, divisionAbilities } from './org.policy';
import type { ReportingService } from './reporting.service';

export type OrgDeps = {
  divisions: DivisionService;
  reporting: ReportingService;
  assets: AssetService;
  announcements: AnnouncementService;
  /** The company's active leave types as options (the leave module answers). */
  leaveTypeOptions?: (actor: Actor) => Promise<{ value: string; label: string }[]>;
};

const ok = <T>(data: T, message = 'ok') => ({ status: 200, message, data });
const created = <T>(data: T, message: string) => ({ status: 201, message, data });
const paged = <T>(r: { rows: T[]; total: number }, q: { page: number; records: number }) => ({
  status: 200,
  message: 'ok',
  data: r.rows,
  meta: { totalCount: r.total, page: q.page, records: q.records },
});

const withAbilities = <T, A>(r: { rows: T[]; total: number }, of: (row: T) => A) => ({
  total: r.total,
  rows: r.rows.map((row) => ({ ...row, abilities: of(row) })),
});

export function orgRoutes(app: FastifyInstance, deps: OrgDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { divisions, reporting, assets, announcements } = deps;

  // ---- Divisions and units ----
  {
    const tags = ['organisation'];
    r.get(
      '/api/division',
      {
        config: { permission: 'division.view' },
        schema: { tags, querystring: DivisionListQuerySchema, response: { 200: DivisionListResponseSchema } },
      },
      async (req) => {
        const actor = actorOf(req);
        const page = await divisions.list(actor, req.query);
        return paged(
          withAbilities(page, (d) => divisionAbilities(actor.permissions, d)),
          req.query,
        );
      },
    );
    r.get(
      '/api/division/dropdown',
      {
        config: { permission: 'authenticated' },
        schema: { tags, response: { 200: DivisionDropdownResponseSchema } },
      },
      async (req) => ok(await divisions.dropdown(actorOf(req))),
    );
    r.post(
      '/api/division',
      {
        config: { permission: 'division.add' },
        schema: { tags, body: DivisionBodySchema, response: { 201: DivisionResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return created(await divisions.create(actorOf(req), req.body), 'Division created');
      },
    );
    r.put(
      '/api/division/:id',
      {
        config: { permission: 'division.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: DivisionBodySchema,
          response: { 200: DivisionResponseSchema },
        },
      },
      async (req) => ok(await divisions.update(actorOf(req), req.params.id, req.body), 'Division updated'),
    );
    r.delete(
      '/api/division/:id',
      {
        config: { permission: 'division.delete' },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await divisions.remove(actorOf(req), req.params.id);
        return ok(null, 'Division deleted');
      },
    );
    r.post(
      '/api/division/:divisionId/division-unit',
      {
        config: { permission: 'division.add' },
        schema: {
          tags,
          params: DivisionIdParamSchema,
          body: DivisionUnitBodySchema,
          response: { 201: DivisionUnitResponseSchema },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return created(
          await divisions.createUnit(actorOf(req), req.params.divisionId, req.body.name),
          'Unit created',
        );
      },
    );
    r.put(
      '/api/division/:divisionId/division-unit/:unitId',
      {
        config: { permission: 'division.edit' },
        schema: {
          tags,
          params: DivisionUnitParamSchema,
          body: DivisionUnitBodySchema,
          response: { 200: DivisionUnitResponseSchema },
        },
      },
      async (req) =>
        ok(
          await divisions.renameUnit(actorOf(req), req.params.divisionId, req.params.unitId, req.body.name),
          'Unit updated',
        ),
    );
    r.delete(
      '/api/division/:divisionId/division-unit/:unitId',
      {
        config: { permission: 'division.delete' },
        schema: { tags, params: DivisionUnitParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await divisions.removeUnit(actorOf(req), req.params.divisionId, req.params.unitId);
        return ok(null, 'Unit deleted');
      },
    );
    r.post(
      '/api/division/:divisionId/division-unit/:unitId/employee',
      {
        config: { permission: 'division.edit' },
        schema: {
          tags,
          params: DivisionUnitParamSchema,
          body: UnitEmployeesBodySchema,
          response: { 200: UnitEmployeesResponseSchema },
        },
      },
      async (req) => {
        const res = await divisions.moveEmployees(
          actorOf(req),
          req.params.divisionId,
          req.params.unitId,
          req.body,
        );
        return ok(res, `${res.moved} employee(s) moved into the unit`);
      },
    );
    r.delete(
      '/api/division/:divisionId/division-unit/:unitId/employee/:employeeId',
      {
        config: { permission: 'division.edit' },
        schema: { tags, params: DivisionUnitEmployeeParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        const p = req.params;
        await divisions.removeEmployee(actorOf(req), p.divisionId, p.unitId, p.employeeId);
        return ok(null, 'Employee removed from the unit');
      },
    );
  }

  // ---- Reporting structure ----
  {
    const tags = ['reporting'];
    r.get(
      '/api/reporting-role',
      {
        config: { permission: 'reporting_structure.view' },
        schema: { tags, response: { 200: ReportingRoleListResponseSchema } },
      },
      async (req) => ok(await reporting.listRoles(actorOf(req))),
    );
    r.get(
      '/api/reporting-role/dropdown',
      {
        config: { permission: 'authenticated' },
        schema: { tags, response: { 200: DropdownResponseSchema } },
      },
      async (req) => ok(await reporting.roleOptions(actorOf(req))),
    );
    r.post(
      '/api/reporting-role',
      {
        config: { permission: 'reporting_structure.add' },
        schema: { tags, body: ReportingRoleBodySchema, response: { 201: ReportingRoleResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return created(await reporting.createRole(actorOf(req), req.body), 'Reporting role created');
      },
    );
    r.put(
      '/api/reporting-role/:id',
      {
        config: { permission: 'reporting_structure.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: ReportingRoleBodySchema,
          response: { 200: ReportingRoleResponseSchema },
        },
      },
      async (req) =>
        ok(await reporting.updateRole(actorOf(req), req.params.id, req.body), 'Reporting role updated'),
    );
    r.delete(
      '/api/reporting-role/:id',
      {
        config: { permission: 'reporting_structure.delete' },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await reporting.removeRole(actorOf(req), req.params.id);
        return ok(null, 'Reporting role deleted');
      },
    );
    r.get(
      '/api/reporting-manager',
      {
        config: { permission: 'reporting_structure.view' },
        schema: {
          tags,
          querystring: ReportingManagerQuerySchema,
          response: { 200: ReportingManagersResponseSchema },
        },
      },
      async (req) => ok(await reporting.getManagers(actorOf(req), req.query.employee_id)),
    );
    r.put(
      '/api/reporting-manager/:employeeId',
      {
        config: { permission: 'reporting_structure.edit' },
        schema: {
          tags,
          params: EmployeeIdParamSchema,
          body: ReportingManagersBodySchema,
          response: { 200: ReportingManagersResponseSchema },
        },
      },
      async (req) =>
        ok(
          await reporting.setManagers(actorOf(req), req.params.employeeId, req.body),
          'Reporting managers updated',
        ),
    );
  }

  // ---- Assets ----
  {
    const tags = ['assets'];
    r.get(
      '/api/asset',
      {
        config: { permission: ['manage_assets.view', 'assign_assets.view'] },
        schema: { tags, querystring: AssetListQuerySchema, response: { 200: AssetListResponseSchema } },
      },
      async (req) => {
        const actor = actorOf(req);
        const page = await assets.list(actor, req.query);
        return paged(
          withAbilities(page, (a) => assetAbilities(actor.permissions, a)),
          req.query,
        );
      },
    );
    r.get(
      '/api/asset/:id',
      {
        config: { permission: ['manage_assets.view', 'assign_assets.view'] },
        schema: { tags, params: IdParamSchema, response: { 200: AssetResponseSchema } },
      },
      async (req) => ok(await assets.get(actorOf(req), req.params.id)),
    );
    r.post(
      '/api/asset',
      {
        config: { permission: 'manage_assets.add' },
        schema: { tags, body: AssetBodySchema, response: { 201: AssetResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return created(await assets.create(actorOf(req), req.body), 'Asset created');
      },
    );
    r.put(
      '/api/asset/:id',
      {
        config: { permission: 'manage_assets.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: AssetBodySchema,
          response: { 200: AssetResponseSchema },
        },
      },
      async (req) => ok(await assets.update(actorOf(req), req.params.id, req.body), 'Asset updated'),
    );
    r.delete(
      '/api/asset/:id',
      {
        config: { permission: 'manage_assets.delete' },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await assets.remove(actorOf(req), req.params.id);
        return ok(null, 'Asset deleted');
      },
    );
    r.get(
      '/api/asset-assignment',
      {
        config: { permission: 'assign_assets.view' },
        schema: {
          tags,
          querystring: AssetAssignmentListQuerySchema,
          response: { 200: AssetAssignmentListResponseSchema },
        },
      },
      async (req) => paged(await assets.listAssignments(actorOf(req), req.query), req.query),
    );
    r.get(
      '/api/asset-assignment/mine',
      {
        config: { permission: 'employee_profile.view' },
        schema: {
          tags,
          querystring: AssetAssignmentListQuerySchema,
          response: { 200: AssetAssignmentListResponseSchema },
        },
      },
      async (req) => paged(await assets.mine(actorOf(req), req.query), req.query),
    );
    r.post(
      '/api/asset-assignment',
      {
        config: { permission: 'assign_assets.add' },
        schema: { tags, body: AssetAssignmentBodySchema, response: { 201: AssetAssignmentResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return created(await assets.issue(actorOf(req), req.body), 'Asset issued');
      },
    );
    r.put(
      '/api/asset-assignment/:id/return',
      {
        config: { permission: 'assign_assets.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: AssetReturnBodySchema,
          response: { 200: AssetAssignmentResponseSchema },
        },
      },
      async (req) => ok(await assets.returnAsset(actorOf(req), req.params.id, req.body), 'Asset returned'),
    );
  }

  // ---- Announcements ----
  {
    const tags = ['announcements'];
    r.get(
      '/api/announcement',
      {
        config: { permission: 'announcements.view' },
        schema: {
          tags,
          querystring: AnnouncementListQuerySchema,
          response: { 200: AnnouncementListResponseSchema },
        },
      },
      async (req) => {
        const actor = actorOf(req);
        const page = await announcements.list(actor, req.query);
        return paged(
          withAbilities(page, () => announcementAbilities(actor.permissions)),
          req.query,
        );
      },
    );
    r.get(
      '/api/announcement/current',
      {
        config: { permission: 'authenticated' },
        schema: { tags, response: { 200: CurrentAnnouncementsResponseSchema } },
      },
      async (req) => ok(await announcements.current(actorOf(req))),
    );
    r.get(
      '/api/announcement/:id',
      {
        config: { permission: 'announcements.view' },
        schema: { tags, params: IdParamSchema, response: { 200: AnnouncementResponseSchema } },
      },
      async (req) => ok(await announcements.get(actorOf(req), req.params.id)),
    );
    r.post(
      '/api/announcement',
      {
        config: { permission: 'announcements.add' },
        schema: { tags, body: AnnouncementBodySchema, response: { 201: AnnouncementResponseSchema } },
      },
      async (req, reply) => {
        reply.code(201);
        return created(await announcements.create(actorOf(req), req.body), 'Announcement created');
      },
    );
    r.put(
      '/api/announcement/:id',
      {
        config: { permission: 'announcements.edit' },
        schema: {
          tags,
          params: IdParamSchema,
          body: AnnouncementBodySchema,
          response: { 200: AnnouncementResponseSchema },
        },
      },
      async (req) =>
        ok(await announcements.update(actorOf(req), req.params.id, req.body), 'Announcement updated'),
    );
    r.delete(
      '/api/announcement/:id',
      {
        config: { permission: 'announcements.delete' },
        schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await announcements.remove(actorOf(req), req.params.id);
        return ok(null, 'Announcement deleted');
      },
    );
  }

  // ---- Fixed dropdowns (spec section 7) ----
  {
    const tags = ['dropdowns'];
    r.get(
      '/api/dropdown/type/:type',
      {
        config: { permission: 'authenticated' },
        schema: { tags, params: DropdownTypeParamSchema, response: { 200: ValueLabelListResponseSchema } },
      },
      async (req) =>
        req.params.type === 'leave-type'
          ? ok(deps.leaveTypeOptions ? await deps.leaveTypeOptions(actorOf(req)) : [])
          : ok([...DROPDOWN_TYPE_OPTIONS[req.params.type]]),
    );
    r.get(
      '/api/dropdown/status/:status',
      {
        config: { permission: 'authenticated' },
        schema: { tags, params: DropdownStatusParamSchema, response: { 200: ValueLabelListResponseSchema } },
      },
      async (req) => ok([...DROPDOWN_STATUS_OPTIONS[req.params.status]]),
    );
  }
}
