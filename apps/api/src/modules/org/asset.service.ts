import type {
  AssetAssignmentBody,
  AssetAssignmentListQuery,
  AssetBody,
  AssetListQuery,
  AssetReturnBody,
} from '@hr/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import * as repo from './asset.repo';
import { isUniqueViolation, validation } from './org.shared';

const UNISSUABLE = new Set(['lost', 'retired', 'damaged']);

export function createAssetService(deps: { db: Db }) {
  const { db } = deps;
  const codeTaken = (err: unknown): never => {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'An asset with this code already exists');
    throw err;
  };

  return {
    list: (actor: Actor, q: AssetListQuery) => db.tenant(actor.companyId, (tx) => repo.listAssets(tx, q)),

    async get(actor: Actor, id: string) {
      const a = await db.tenant(actor.companyId, (tx) => repo.getAsset(tx, id));
      if (!a) throw notFound('Asset');
      return a;
    },

    create: (actor: Actor, body: AssetBody) =>
      db
        .tenant(
          actor.companyId,
          async (tx) => (await repo.getAsset(tx, await repo.insertAsset(tx, actor.companyId, body)))!,
        )
        .catch(codeTaken),

    update: (actor: Actor, id: string, body: AssetBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          if (!(await repo.getAsset(tx, id, true))) throw notFound('Asset');
          await repo.updateAsset(tx, id, body);
          return (await repo.getAsset(tx, id))!;
        })
        .catch(codeTaken),

    /** Only an asset never issued may be removed (its history stays otherwise); retire it instead. */
    remove: (actor: Actor, id: string) =>
      db.tenant(actor.companyId, async (tx) => {
        if (!(await repo.getAsset(tx, id, true))) throw notFound('Asset');
        if (await repo.everAssigned(tx, id)) {
          throw new AppError(
            'CONFLICT',
            'This asset has been issued before; mark it retired instead of deleting it',
          );
        }
        await repo.deleteAsset(tx, id);
      }),

    listAssignments: (actor: Actor, q: AssetAssignmentListQuery) =>
      db.tenant(actor.companyId, (tx) => repo.listAssignments(tx, q)),

    /** The caller's own assignments (self-service). */
    mine: (actor: Actor, q: AssetAssignmentListQuery) =>
      actor.employeeId
        ? db.tenant(actor.companyId, (tx) =>
            repo.listAssignments(tx, { ...q, employee_id: undefined }, actor.employeeId!),
          )
        : Promise.resolve({ rows: [], total: 0 }),

    issue: (actor: Actor, body: AssetAssignmentBody) =>
      db
        .tenant(actor.companyId, async (tx) => {
          const asset = await repo.getAsset(tx, body.asset_id, true);
          if (!asset) throw notFound('Asset');
          if (!(await repo.employeeExists(tx, body.employee_id))) throw notFound('Employee');
          if (asset.holder_id) {
            throw new AppError(
              'CONFLICT',
              `Asset ${asset.code} is already issued to ${asset.holder_name}; record its return first`,
            );
          }
          if (UNISSUABLE.has(asset.condition)) {
            throw new AppError('CONFLICT', `Asset ${asset.code} is ${asset.condition} and cannot be issued`);
          }
          const id = await repo.insertAssignment(tx, actor.companyId, {
            asset_id: body.asset_id,
            employee_id: body.employee_id,
            issued_on: body.issued_on,
            issue_condition: body.issue_condition ?? asset.condition,
            notes: body.notes ?? null,
          });
          return (await repo.getAssignment(tx, id))!;
        })
        .catch((err) => {
          if (isUniqueViolation(err))
            throw new AppError('CONFLICT', 'This asset is already issued to someone');
          throw err;
        }),

    /** Records the return and carries the condition back to the catalogue. */
    returnAsset: (actor: Actor, id: string, body: AssetReturnBody) =>
      db.tenant(actor.companyId, async (tx) => {
        const a = await repo.getAssignment(tx, id, true);
        if (!a) throw notFound('Assignment');
        if (a.returned_on) throw new AppError('CONFLICT', 'This asset has already been returned');
        if (body.returned_on < a.issued_on)
          throw validation('returned_on', 'Must be on or after the issue date');
        await repo.returnAssignment(tx, id, {
          returned_on: body.returned_on,
          return_condition: body.return_condition,
          notes: body.notes ?? null,
        });
        await repo.setAssetCondition(tx, a.asset_id, body.return_condition);
        return (await repo.getAssignment(tx, id))!;
      }),
  };
}
export type AssetService = ReturnType<typeof createAssetService>;
