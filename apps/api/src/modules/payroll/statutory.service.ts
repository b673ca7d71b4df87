import type { EpfUpdateBody, EsiUpdateBody } from '@hr/contract';
import type { Db, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../../plugins/auth';
import { companyToday } from '../org';
import { epfChanges, esiChanges, type FiguresOn, readSettings, saveSettings } from './statutory';

/** EPF and ESI settings of the company, shown with the engine's figures in force today. */
export type FigureListing = (
  date: string,
  state?: string,
) => {
  group: string;
  key: string;
  label: string;
  value: string;
  source: string;
  effective_from: string;
  effective_to: string | null;
  section: string;
  references: string;
  note: string | null;
}[];

export function createStatutoryService(deps: {
  db: Db;
  clock: Clock;
  figuresOn: FiguresOn;
  listing: FigureListing;
}) {
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
    /** What the engine uses on the date (today in the company's time zone by default). */
    figures: (actor: Actor, date?: string, state?: string) =>
      db.tenant(actor.companyId, async (tx) => {
        const on = date ?? (await companyToday(tx, clock.now())).today;
        return { date: on, state: state ?? null, figures: deps.listing(on, state) };
      }),
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
