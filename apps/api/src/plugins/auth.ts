import { type DataScope, dataScopeOf } from '@hr/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { TokenSigner } from '../modules/auth/tokens';

/** Who is calling: set on every authenticated request, passed to services. */
export type Actor = {
  userId: string;
  companyId: string;
  sessionId: string;
  employeeId: string | null;
  roleName: string;
  permissions: string[];
  scope: DataScope;
  ip: string;
  requestId: string;
};

/** A permission name, a list any of which suffices, or an explicit 'public' / 'authenticated'. */
export type RoutePermission = 'public' | 'authenticated' | string | readonly string[];

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    /** Every /api route with its declaration, as registered (read by the route-declaration test). */
    apiRoutes: ApiRouteDeclaration[];
  }
}

export type ApiRouteDeclaration = { method: string; url: string; permission: RoutePermission | undefined };

/**
 * Session liveness for the access token's `sid`: from memory when this process has seen it live
 * (ADR 0006), otherwise one lookup. A live session comes with its user's current role and
 * permissions: a role change applies to the next request, not at the token's next refresh.
 */
export type SessionVerdict =
  | { state: 'live'; access: { roleName: string; permissions: readonly string[] } }
  | { state: 'expired' | 'revoked' };
export type SessionCheck = (sessionId: string, userId: string, companyId: string) => Promise<SessionVerdict>;

/** Routes under these prefixes come from plugins (API docs) and are public documentation. */
const DOC_PREFIX = '/api/docs';

/** The authenticated actor of a request whose route is not public; throws if there is none. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.actor;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  // Only the scheme is compared case-blind: lower-casing the whole header copied the token.
  if (typeof h === 'string' && h.length > 7 && h.slice(0, 7).toLowerCase() === 'bearer ') {
    return h.slice(7).trim() || null;
  }
  const alt = request.headers['access-token'];
  if (typeof alt === 'string' && alt.trim()) return alt.trim().replace(/^bearer\s+/i, '');
  return null;
}

/**
 * Registers on the root instance (so it reaches every module):
 * - an onRoute hook that refuses to register an /api route without `config.permission`;
 * - an onRequest hook that authenticates and enforces the declaration before the body is parsed.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { tokens: TokenSigner; sessionCheck: SessionCheck },
) {
  app.decorateRequest('actor', null);
  const apiRoutes: ApiRouteDeclaration[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url === DOC_PREFIX || route.url.startsWith(`${DOC_PREFIX}/`)) {
      route.config = { ...(route.config ?? {}), permission: 'public' };
    }
    const p = (route.config as { permission?: RoutePermission } | undefined)?.permission;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) apiRoutes.push({ method: String(method), url: route.url, permission: p });
    const valid = typeof p === 'string' ? p.length > 0 : Array.isArray(p) && p.length > 0;
    if (!valid) {
      throw new Error(`Route ${route.method} ${route.url} has no config.permission declaration`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (permission === undefined || permission === 'public') return; // not-found handler, static, public
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const verdict = await deps.tokens.verify(token);
    if (!verdict.ok) {
      if (verdict.expired) throw new AppError('TOKEN_EXPIRED', 'Your session token has expired');
      throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    }
    const c = verdict.claims;
    const session = await deps.sessionCheck(c.sid, c.sub, c.cid);
    if (session.state !== 'live') {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended; sign in again');
    }
    // The role as read with the session, not the token's copy (which may be minutes old).
    const perms = session.access.permissions as string[];
    request.actor = {
      userId: c.sub,
      companyId: c.cid,
      sessionId: c.sid,
      employeeId: c.eid,
      roleName: session.access.roleName,
      permissions: perms,
      scope: dataScopeOf(perms),
      ip: request.ip,
      requestId: request.id,
    };
    if (permission === 'authenticated') return;
    const anyOf: readonly string[] = typeof permission === 'string' ? [permission] : permission;
    if (!anyOf.some((p) => perms.includes(p))) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    }
  });
}
