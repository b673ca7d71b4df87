import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { createMailer, type Mailer, type MailSink } from './lib/mail';
import { accessRoutes } from './modules/access/access.routes';
import { createAccessService } from './modules/access/access.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createTokenSigner } from './modules/auth/tokens';
import { employeesRoutes } from './modules/employees/employees.routes';
import { createEmployeesService } from './modules/employees/employees.service';
import { healthRoutes } from './modules/health/health.routes';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSpaAndNotFound } from './plugins/static';

export type AppDeps = {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Replaces the SMTP/outbox mailer entirely. */
  mailer?: Mailer;
  /** Sees every message the default mailer sends (tests read codes and links from it). */
  mailSink?: MailSink;
  /** Folder of the built SPA; null to serve none. Defaults to dist/web of the repository. */
  webDir?: string | null;
};

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const BODY_LIMIT = 1024 * 1024;

/** Builds the app (plugins, modules); never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["access-token"]',
          'req.headers.cookie',
          'headers.authorization',
          'headers["access-token"]',
          '*.password',
          '*.current_password',
          '*.new_password',
          '*.refresh_token',
          '*.otp',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: BODY_LIMIT,
    // Use a caller's id when it looks like one (tracing across services), otherwise a fresh uuid.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  const mailer =
    deps.mailer ??
    createMailer({
      db,
      log: app.log,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      isProduction: config.isProduction,
      sink: deps.mailSink,
    });
  const tokens = createTokenSigner({ secret: config.jwtSecret, ttlSeconds: config.accessTokenTtl, clock });
  const audit = createAuditService({ db });
  const auth = createAuthService({
    db,
    clock,
    tokens,
    mailer,
    audit,
    log: app.log,
    appUrl: config.appUrl,
    refreshTtlSeconds: config.refreshTokenTtl,
  });
  const access = createAccessService({ db, audit });
  const employees = createEmployeesService({ db });

  registerAuth(app, { tokens, sessionCheck: auth.sessionCheck, clock });
  await registerOpenApi(app);

  healthRoutes(app, { db });
  authRoutes(app, { auth });
  auditRoutes(app, { audit });
  accessRoutes(app, { access });
  employeesRoutes(app, { employees });

  await registerSpaAndNotFound(app, deps.webDir === undefined ? DEFAULT_WEB_DIR : deps.webDir);
  return app;
}
