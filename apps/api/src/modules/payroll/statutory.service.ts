import type { EpfUpdateBody, EsiUpdateBody } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../../plugins/auth';
import { companyToday } from '../org';
import { epfChanges, esiChanges, type FiguresOn, readSettings, saveSettings } from './statutory';

/** EPF and ESI settings of the company, shown with the engine's figures in force today. */
export function createStatutoryService(deps: { db: Db; clock: Clock; figuresOn: FiguresOn }) {
  const { db, clock, figuresOn } = deps;

  async function epf(tx: Queryable) {
    const { today } = await companyToday(tx, clock.now());
    const n = figuresOn(today);
    return { ...(await readSettings(tx)).epf, figures_on: today, figures: n.epfFigures };
  }
  async function esi(tx: Queryable) {
    const { today } = await companyToday(tx, clock.now());
    const n = figuresOn(today);
    return { ...(await readSettings(tx)).esi, figures_on: today, figures: n.esiFigures };
  }

  return {
    epf: (actor: Actor) => db.tenant(actor.companyId, epf),
    esi: (actor: Actor) => db.tenant(actor.companyId, esi),
    updateEpf: (actor: Actor, body: EpfUpdateBody) =>
      db.tenant(actor.companyId, async (tx) => {
        await saveSettings(tx, actor.companyId, epfChanges(body));
        return epf(tx);
      }),
    toggleEpf: (actor: Actor, enabled: boolean) =>
      db.tenant(actor.companyId, async (tx) => {
        await saveSettings(tx, actor.companyId, { epf_enabled: enabled });
        return epf(tx);
      }),
    updateEsi: (actor: Actor, body: EsiUpdateBody) =>
      db.tenant(actor.companyId, async (tx) => {
        await saveSettings(tx, actor.companyId, esiChanges(body));
        return esi(tx);
      }),
    toggleEsi: (actor: Actor, enabled: boolean) =>
      db.tenant(actor.companyId, async (tx) => {
        await saveSettings(tx, actor.companyId, { esi_enabled: enabled });
        return esi(tx);
      }),
  };
}
export type StatutoryService = ReturnType<typeof createStatutoryService>;
