import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * One screen of a route table: a path relative to its area, the spec's title and permission, and
 * the lazily loaded screen. Screens without `Screen` are not built yet and show NotAvailableYet.
 */
export type ScreenDef = {
  path: string;
  title: string;
  permission: readonly string[];
  /**
   * Only for callers with company-wide data scope (the admin request queues, which list every
   * request of the company): a team-scope manager holding the queue permission is not allowed.
   */
  companyWide?: boolean;
  Screen?: LazyExoticComponent<ComponentType>;
};
