import { z } from 'zod';
import { RecordAbilitiesSchema } from './abilities';
import { envelope, PageQuerySchema, pagedEnvelope } from './envelope';

/** An access role of the company: a named set of permission names. */
export const RoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_system: z.boolean(),
  permissions: z.array(z.string()),
  user_count: z.number().int(),
});
export type Role = z.infer<typeof RoleSchema>;
/** A row of the role list: what the caller may do with the role, from their own permissions. */
export const RoleListItemSchema = RoleSchema.extend({ abilities: RecordAbilitiesSchema });
export type RoleListItem = z.infer<typeof RoleListItemSchema>;
export const RoleListResponseSchema = envelope(z.array(RoleListItemSchema));
export const RoleResponseSchema = envelope(RoleSchema);

/**
 * Generic `{ id, name }` option for dropdown calls. GET role/dropdown lists only the roles the caller
 * may give someone (role management, and every permission of the role held by the caller).
 */
export const DropdownOptionSchema = z.object({ id: z.string(), name: z.string() });
export type DropdownOption = z.infer<typeof DropdownOptionSchema>;
export const DropdownResponseSchema = envelope(z.array(DropdownOptionSchema));

export const RoleUpdateBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  description: z.string().trim().max(500).optional(),
  permissions: z.array(z.string().max(100)).max(500),
});
export type RoleUpdateBody = z.infer<typeof RoleUpdateBodySchema>;

export const UserRoleBodySchema = z.strictObject({ role_id: z.string().uuid() });
export type UserRoleBody = z.infer<typeof UserRoleBodySchema>;
export const EmployeeIdParamSchema = z.object({ employeeId: z.string().uuid() });

/** The permission catalogue grouped by section (user, team, admin). */
export const PermissionCatalogueResponseSchema = envelope(
  z.object({ user: z.array(z.string()), team: z.array(z.string()), admin: z.array(z.string()) }),
);

export const AuditListQuerySchema = PageQuerySchema.extend({
  sortBy: z.enum(['created_at']).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  action: z.string().max(64).optional(),
  entity: z.string().max(64).optional(),
  entity_id: z.string().max(64).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  actor_user_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListResponseSchema = pagedEnvelope(AuditEntrySchema);

export const HealthResponseSchema = envelope(z.object({ db: z.enum(['up', 'down']) }));
/** GET /api/health/ready: whether this process should take traffic, and what it waits for. */
export const ReadinessResponseSchema = envelope(
  z.object({
    ready: z.boolean(),
    database: z.enum(['up', 'down']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    /** not_run_here: an API process beside separate job workers (JOBS=false). */
    jobs: z.enum(['started', 'stopped', 'not_run_here']),
  }),
);
