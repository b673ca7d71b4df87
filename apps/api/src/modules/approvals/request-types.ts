import type { Queryable } from '../../db/client';

/** Who acts on a request: an employee (with, from a route, the rest of the signed-in actor). */
export type DecideActor = {
  employeeId: string | null;
  userId?: string | null;
  companyId?: string;
  ip?: string | null;
  requestId?: string | null;
};

/** The request a hook is called for, as the engine has just left it. */
export type HookRequest = {
  id: string;
  type: string;
  subjectId: string;
  requesterId: string;
  companyId: string;
};

export type HookContext = {
  /** The deciding transaction: what the hook writes commits or rolls back with the decision. */
  tx: Queryable;
  request: HookRequest;
  /** The approver, administrator or requester who acted. */
  actor: DecideActor;
  comment: string | null;
  asAdmin: boolean;
};

/** Who a notification about a request is for: where its link should take them. */
export type LinkAudience = 'approver' | 'requester' | 'admin';

/** Where a type without its own `link` sends a notification's recipient: their area's dashboard. */
export const DEFAULT_LINKS: Record<LinkAudience, string> = {
  approver: '/team',
  requester: '/user',
  admin: '/admin',
};

/** How a request shows in a queue that lists requests of every type. */
export type RequestSummary = { title: string; summary: string };

/**
 * What a notification says the request is about: whose it is and the item in a few words with its
 * dates or amount, written to follow "Your" or "Priya Sharma's" ("leave for 3–4 Dec (2 days)",
 * "reimbursement of ₹1,250.00 for Travel on 3 Dec").
 */
export type RequestNotice = { owner: string; item: string };

/**
 * A request type the approval engine serves. Each module with requests (profile changes now;
 * leave, regularisation and reimbursements next) registers one at start (app.ts).
 */
export type RequestTypeDefinition = {
  /** Stored in approval_requests.request_type and approval_flows.request_type. */
  type: string;
  /** Team queue: approvers see (view) and decide (edit) requests waiting on them. */
  teamPermissions: { view: string; edit: string };
  /**
   * Admin queue: every request of the type. `edit` also names the administrators who approve when
   * no approver can be found and to whom an escalation past the last level goes.
   */
  adminPermissions: { view: string; edit: string };
  /** Titles and summaries of many requests by their subject id (one query for a page). */
  summarise(tx: Queryable, subjectIds: string[]): Promise<Map<string, RequestSummary>>;
  /**
   * The words of a notification about the request (see RequestNotice); `today` is the company's
   * date, so dates of this year leave the year out. Optional: the type's title is used.
   */
  notice?(tx: Queryable, subjectId: string, today: string): Promise<RequestNotice | null>;
  /**
   * The app path where a notification's recipient acts on a request of this type: the team queue
   * (approver), the admin queue (admin) or the requester's own screen. Optional: DEFAULT_LINKS.
   */
  link?(audience: LinkAudience, request: HookRequest): string;
  /** After the final approval (or an admin's), in the deciding transaction. */
  onApproved?(ctx: HookContext): Promise<void>;
  /** After a rejection, in the deciding transaction. */
  onRejected?(ctx: HookContext): Promise<void>;
  /** After the requester withdraws, in the same transaction. */
  onWithdrawn?(ctx: HookContext): Promise<void>;
};

export type RequestTypeRegistry = {
  register(def: RequestTypeDefinition): void;
  /** The definition of `type`; throws for a type nobody registered (a programming error). */
  get(type: string): RequestTypeDefinition;
  has(type: string): boolean;
  all(): RequestTypeDefinition[];
};

const TYPE_KEY = /^[a-z][a-z0-9_]{0,39}$/;

export function createRequestTypeRegistry(): RequestTypeRegistry {
  const types = new Map<string, RequestTypeDefinition>();
  return {
    register(def) {
      if (!TYPE_KEY.test(def.type)) throw new Error(`request type "${def.type}": use a-z, 0-9 and _`);
      if (types.has(def.type)) throw new Error(`request type "${def.type}" is already registered`);
      types.set(def.type, def);
    },
    get(type) {
      const def = types.get(type);
      if (!def) throw new Error(`request type "${type}" is not registered`);
      return def;
    },
    has: (type) => types.has(type),
    all: () => [...types.values()],
  };
}
