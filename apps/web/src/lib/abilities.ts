import type { RecordAbilities, RequestAbilities } from '@hr/contract';

export type Ability = keyof RecordAbilities | keyof RequestAbilities;

/**
 * Whether the server says the caller may do `action` with this row (its `abilities`). A row
 * without abilities, or without that one, allows nothing: hiding a button is the safe mistake.
 * The server checks again when the action is taken.
 */
export function can(row: object | null | undefined, action: Ability): boolean {
  const abilities = (row as { abilities?: Partial<Record<Ability, unknown>> | null } | null | undefined)
    ?.abilities;
  return abilities?.[action] === true;
}
