import { z } from 'zod';

/**
 * What the caller may do with one record, computed by the server from the caller's permissions and
 * data scope (architecture rule 4). Screens show an action only when its ability is true; the
 * server checks again on the action itself, so an ability is a hint for the UI, never the guard.
 */
export const RecordAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
});
export type RecordAbilities = z.infer<typeof RecordAbilitiesSchema>;

/** What the caller may do with one request in an approval queue or in their own list. */
export const RequestAbilitiesSchema = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  withdraw: z.boolean(),
});
export type RequestAbilities = z.infer<typeof RequestAbilitiesSchema>;
