import {
  DropdownOptionSchema,
  DropdownResponseSchema,
  EmployeeIdParamSchema,
  envelope,
  IdParamSchema,
  MessageSchema,
  PermissionCatalogueResponseSchema,
  RoleCreateBodySchema,
  RoleListResponseSchema,
  RoleResponseSchema,
  RoleUpdateBodySchema,
  UserRoleBodySchema,
} from '@hr/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { AccessService } from './access.service';

export function accessRoutes(app: FastifyInstance, deps: { access: AccessService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { access } = deps;
  const tags = ['access'];

  r.get(
    '/api/role',
    {
      config: { permission: 'role_permissions.view' },
      schema: { tags, response: { 200: RoleListResponseSchema } },
    },
    async (request) => ({ status: 200, message: 'ok', data: await access.listRoles(actorOf(request)) }),
  );

  r.get(
    '/api/role/dropdown',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: DropdownResponseSchema } } },
    async (request) => ({ status: 200, message: 'ok', data: await access.roleOptions(actorOf(request)) }),
  );

  r.get(
    '/api/permissions',
    {
      config: { permission: 'role_permissions.view' },
      schema: { tags, response: { 200: PermissionCatalogueResponseSchema } },
    },
    async () => ({ status: 200, message: 'ok', data: access.catalogue() }),
  );

  r.post(
    '/api/role',
    {
      config: { permission: 'role_permissions.add' },
      schema: { tags, body: RoleCreateBodySchema, response: { 201: RoleResponseSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        status: 201,
        message: 'Role created',
        data: await access.createRole(actorOf(request), request.body),
      };
    },
  );

  r.delete(
    '/api/role/:id',
    {
      config: { permission: 'role_permissions.delete' },
      schema: { tags, params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await access.deleteRole(actorOf(request), request.params.id);
      return { status: 200, message: 'Role deleted', data: null };
    },
  );

  r.put(
    '/api/role/:id',
    {
      config: { permission: 'role_permissions.edit' },
      schema: {
        tags,
        params: IdParamSchema,
        body: RoleUpdateBodySchema,
        response: { 200: RoleResponseSchema },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Role updated',
      data: await access.updateRole(actorOf(request), request.params.id, request.body),
    }),
  );

  r.put(
    '/api/user/:employeeId/role',
    {
      config: { permission: 'role_permissions.edit' },
      schema: {
        tags,
        params: EmployeeIdParamSchema,
        body: UserRoleBodySchema,
        response: { 200: envelope(DropdownOptionSchema) },
      },
    },
    async (request) => ({
      status: 200,
      message: 'Role assigned',
      data: await access.setUserRole(actorOf(request), request.params.employeeId, request.body.role_id),
    }),
  );
}
