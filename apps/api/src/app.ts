import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { createFieldCrypto } from './lib/field-crypto';
import { loggerOptions } from './lib/log';
import { createMailer, type Mailer, type MailSink } from './lib/mail';
import { runWithRequestId } from './lib/request-context';
import { accessRoutes } from './modules/access/access.routes';
import { createAccessService } from './modules/access/access.service';
import { createApprovalEngine } from './modules/approvals/approval-engine';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { createApprovalsService } from './modules/approvals/approvals.service';
import { createSlaCheck, SLA_CRON, SLA_JOB } from './modules/approvals/sla';
import {
  assertDatesOpen,
  correctionNote,
  markLeaveDays,
  recordCorrections,
  rederiveListener,
  unmarkLeaveDays,
  workedMinutes,
} from './modules/attendance';
import {
  ATTENDANCE_DERIVE_CRON,
  ATTENDANCE_DERIVE_JOB,
  deriveYesterdayAll,
} from './modules/attendance/attendance.jobs';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { createAttendanceService } from './modules/attendance/attendance.service';
import { createRegularisationService } from './modules/attendance/regularisation.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionCache } from './modules/auth/session-cache';
import { createTokenSigner } from './modules/auth/tokens';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { employeesRoutes } from './modules/employees/employees.routes';
import { createEmployeesService } from './modules/employees/employees.service';
import { createUploader } from './modules/employees/upload';
import { createExitsService, exitsRoutes } from './modules/exits';
import { expensesRoutes } from './modules/expenses/expenses.routes';
import { createExpensesService } from './modules/expenses/expenses.service';
import { createLocalFileStore } from './modules/files/file-store';
import { filesRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { createForm16Service, defineForm16Jobs, form16Routes } from './modules/form16';
import { healthRoutes } from './modules/health/health.routes';
import { createJobRunner, type JobRunner } from './modules/jobs/job-runner';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import {
  createLeaveEncashmentService,
  createLeaveService,
  LEAVE_ACCRUAL_CRON,
  LEAVE_ACCRUAL_JOB,
  leaveEncashmentRoutes,
  leaveRoutes,
} from './modules/leave';
import { lettersRoutes } from './modules/letters/letters.routes';
import { createLettersService } from './modules/letters/letters.service';
import { createLetterTemplatesService } from './modules/letters/templates.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createNotifier } from './modules/notifications/notifier';
import { createAnnouncementService } from './modules/org/announcement.service';
import { createAssetService } from './modules/org/asset.service';
import { createDivisionService } from './modules/org/division.service';
import { orgRoutes } from './modules/org/org.routes';
import { createReportingService } from './modules/org/reporting.service';
import { createComponentsService } from './modules/payroll/components.service';
import { engineFigureListing, engineFiguresOn } from './modules/payroll/figures';
import { payrollRoutes } from './modules/payroll/payroll.routes';
import { createSalaryService } from './modules/payroll/salary.service';
import { createStatutoryService } from './modules/payroll/statutory.service';
import { createTemplatesService } from './modules/payroll/templates.service';
import { createWhatIfService } from './modules/payroll/whatif.service';
import {
  createPayrunService,
  createPayslipsService,
  definePayrunJobs,
  definePayslipJobs,
  payrunRoutes,
  payslipsRoutes,
  pooledRenderer,
} from './modules/payrun';
import { loadDayContexts } from './modules/policies';
import { policiesRoutes } from './modules/policies/policies.routes';
import { createPoliciesService } from './modules/policies/policies.service';
import { profileChangesRoutes } from './modules/profile-changes/profile-changes.routes';
import { createProfileChangesService } from './modules/profile-changes/profile-changes.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { createTaxService, taxRoutes } from './modules/tax';
import { createTdsReturnsService, tdsReturnsRoutes } from './modules/tds-returns';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestTextCheck } from './plugins/request-text';
import { registerSecurityHeaders } from './plugins/security-headers';
import { responseSerializerCompiler } from './plugins/serializer';
import { registerSpaAndNotFound } from './plugins/static';

export type AppDeps = {
  config: Config;
  db: Db;
  clock?: Clock;
  /** Replaces the SMTP/outbox mailer entirely. */
  mailer?: Mailer;
  /** Sees every message the default mailer sends (tests read codes and links from it). */
  mailSink?: MailSink;
  /** Where log lines go instead of stdout (tests keep a run's logs to check them for personal data). */
  logStream?: { write(line: string): void };
  /** Folder of the built SPA; null to serve none. Defaults to dist/web of the repository. */
  webDir?: string | null;
  /**
   * Runs background and scheduled jobs in this process (default: yes, except under NODE_ENV=test,
   * where a test that needs them turns them on).
   */
  jobs?: boolean;
  /** The job runner to use (tests pass one with short waits and jobs of their own). */
  jobRunner?: JobRunner;
};

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../dist/web', import.meta.url));
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const BODY_LIMIT = 1024 * 1024;

/** A hop count trusts that many proxies nearest to us (Fastify's types take it as a function). */
function trustProxyOption(v: Config['trustProxy']) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

/** Builds the app (plugins, modules); never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;

  const app = Fastify({
    logger: deps.logStream
      ? { ...loggerOptions(config.logLevel), stream: deps.logStream }
      : loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    // Use a caller's id when it looks like one (tracing across services), otherwise a fresh uuid.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.nodeEnv === 'test' }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // The rest of the request runs inside its id (a job it sends carries the id; lib/request-context.ts).
    runWithRequestId(request.id, done);
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerRequestTextCheck(app);

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
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  const tokens = createTokenSigner({ secret: config.jwtSecret, ttlSeconds: config.accessTokenTtl, clock });
  const audit = createAuditService({ db });
  // Sessions seen live, dropped when any process ends one (ADR 0006).
  const sessions = createSessionCache({ now: () => clock.now().getTime() });
  const stopSessionWatch = await db.listen(
    'hr_session_ended',
    (payload) => sessions.onEnded(payload),
    (listening) => sessions.setListening(listening),
  );
  app.addHook('onClose', async () => {
    await stopSessionWatch().catch(() => undefined);
  });
  const auth = createAuthService({
    db,
    clock,
    tokens,
    mailer,
    audit,
    log: app.log,
    appUrl: config.appUrl,
    refreshTtlSeconds: config.refreshTokenTtl,
    sessions,
  });
  // A role change applies to the next request: this process forgets at once, others by NOTIFY.
  const access = createAccessService({
    db,
    audit,
    accessChanged: (c) =>
      'userId' in c ? sessions.forgetUser(c.userId) : sessions.forgetCompany(c.companyId),
  });
  const employeeDeps = { db, audit, crypto: createFieldCrypto(config.dataKey) };
  const employees = createEmployeesService({
    ...employeeDeps,
    clock,
    // New sign-ins get an invitation: a link to the set-password page that lasts a week.
    invite: (email) => auth.invite(email),
    mail: (message) => mailer.send(message),
    roleChanged: (userId) => sessions.forgetUser(userId),
  });
  const employeeUpload = createUploader({ ...employeeDeps, clock, invite: (email) => auth.invite(email) });

  // Notifications queue their mail in the transaction of their event; the trigger on mail_outbox
  // NOTIFYs at commit, and each process's deliverer sends it then (not on its next poll).
  const notifier = createNotifier({ appUrl: config.appUrl });
  const notifications = createNotificationsService({ db });
  const stopMailWatch = await db.listen(
    'hr_mail_queued',
    () => void mailer.deliverDue(),
    () => undefined,
  );
  app.addHook('onClose', async () => {
    await stopMailWatch().catch(() => undefined);
  });
  const approvalEngine = createApprovalEngine({ clock, notifier });
  const approvals = createApprovalsService({ db, engine: approvalEngine });
  const profileChanges = createProfileChangesService({
    db,
    engine: approvalEngine,
    crypto: createFieldCrypto(config.dataKey),
  });

  const attendance = createAttendanceService({ db, clock });
  const regularisation = createRegularisationService({ db, engine: approvalEngine, clock });
  // Approved leave shows on attendance: leave calls these in its deciding transaction.
  const leave = createLeaveService({
    db,
    engine: approvalEngine,
    clock,
    dayContexts: loadDayContexts,
    leaveDays: {
      mark: (tx, companyId, employeeId, days, requestId) =>
        markLeaveDays(tx, companyId, employeeId, days, requestId, clock.now()),
      unmark: (tx, companyId, employeeId, dates) =>
        unmarkLeaveDays(tx, companyId, employeeId, dates, clock.now()),
      assertOpen: assertDatesOpen,
      reverseLop: async (tx, employeeId, dates, requestId) =>
        correctionNote(
          await recordCorrections(tx, employeeId, dates, { source: 'leave', id: requestId }, clock.now()),
          'the loss of pay of the cancelled leave',
        ),
    },
    workedMinutes,
  });
  const exits = createExitsService({ db, engine: approvalEngine, clock });
  const leaveEncashment = createLeaveEncashmentService({
    db,
    engine: approvalEngine,
    clock,
    dayContexts: loadDayContexts,
  });

  const org = {
    leaveTypeOptions: leave.typeOptions,
    divisions: createDivisionService({ db, audit }),
    reporting: createReportingService({ db, audit }),
    assets: createAssetService({ db }),
    announcements: createAnnouncementService({ db, clock }),
  };
  const dashboard = createDashboardService({ db, clock });
  const reports = createReportsService({ db, clock });
  // A policy, shift, roster, weekly-off, holiday or assignment change re-derives attendance days
  // and counts leave requests over the changed dates again, in the change's transaction.
  const rederive = rederiveListener(clock);
  const policies = createPoliciesService({
    db,
    clock,
    onCalendarChange: async (tx, change) => {
      await rederive(tx, change);
      await leave.onCalendarChange(tx, change);
    },
  });
  const figuresOn = engineFiguresOn;
  const payrollTemplates = createTemplatesService({ db, clock, figuresOn });
  const payroll = {
    components: createComponentsService({ db }),
    templates: payrollTemplates,
    salary: createSalaryService({ db, clock, audit, templates: payrollTemplates }),
    statutory: createStatutoryService({ db, clock, figuresOn, listing: engineFigureListing }),
    whatIf: createWhatIfService({ db, clock, templates: payrollTemplates }),
  };

  // Jobs (ADR 0010): defined here, started once the app is ready, stopped before the database closes.
  const runJobs = deps.jobs ?? (config.nodeEnv !== 'test' && config.runJobs);
  const jobs = deps.jobRunner ?? createJobRunner({ db, log: app.log });
  const slaCheck = createSlaCheck({ db, engine: approvalEngine, mailer, clock });
  jobs.define({
    name: SLA_JOB,
    description:
      'Approval SLAs: remind approvers of requests waiting too long, escalate where the flow says so',
    cron: SLA_CRON,
    // One check at a time: a slow run is not overtaken by the next quarter's.
    policy: 'stately',
    retryLimit: 2,
    handler: async () => {
      await slaCheck();
    },
  });
  jobs.define({
    name: LEAVE_ACCRUAL_JOB,
    description: 'Leave: accrual, year end and lapses for every company, on its calendar and time zone',
    cron: LEAVE_ACCRUAL_CRON,
    policy: 'stately',
    retryLimit: 3,
    handler: () => leave.runAccrualAll(),
  });
  jobs.define({
    name: ATTENDANCE_DERIVE_JOB,
    description:
      "Attendance: derive every employee's yesterday in each company's time zone (missed nights caught up)",
    cron: ATTENDANCE_DERIVE_CRON,
    policy: 'stately',
    retryLimit: 3,
    handler: async () => {
      await deriveYesterdayAll(db, clock);
    },
  });
  definePayrunJobs(jobs, db, app.log);
  // An API process beside job workers (JOBS=false on PostgreSQL) sends them the pay run's jobs and
  // runs none; without it, it computed every run it was asked for itself and the workers stood idle.
  const sendOnly =
    !runJobs &&
    deps.jobs === undefined &&
    config.nodeEnv !== 'test' &&
    !config.runJobs &&
    !!config.databaseUrl;
  const payrun = createPayrunService({
    db,
    clock,
    audit,
    jobs: runJobs || sendOnly ? jobs : null,
    log: app.log,
    crypto: createFieldCrypto(config.dataKey),
  });
  // Payslip PDFs: written on two worker threads (ADR 0018), stored with the files module's store.
  const fileStore = createLocalFileStore(config.filesDir);
  const pdfThreads = pooledRenderer(2);
  const payslipGen = {
    db,
    store: fileStore,
    crypto: createFieldCrypto(config.dataKey),
    appUrl: config.appUrl,
    render: pdfThreads.render,
    log: app.log,
  };
  definePayslipJobs(jobs, payslipGen);
  // Like compute: an API process beside job workers sends them the payslip jobs; otherwise it would
  // write every run's PDFs itself while the workers stood idle.
  const payslips = createPayslipsService({ ...payslipGen, audit, jobs: runJobs || sendOnly ? jobs : null });
  // Form 16 (issue 23): issued on the job runner as the payslips are.
  const form16Deps = {
    db,
    crypto: payslipGen.crypto,
    audit,
    clock,
    appUrl: config.appUrl,
    log: app.log,
    jobs: runJobs || sendOnly ? jobs : null,
  };
  defineForm16Jobs(jobs, form16Deps);
  const form16 = createForm16Service(form16Deps);
  if (runJobs) app.addHook('onReady', () => jobs.start());
  else if (sendOnly) app.addHook('onReady', () => jobs.start({ work: false }));
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => pdfThreads.close());
  const files = createFilesService({ db, audit, store: fileStore, log: app.log });
  const expenses = createExpensesService({ db, engine: approvalEngine });
  const letters = createLettersService({ db, files });
  const letterTemplates = createLetterTemplatesService({ db, files });

  registerAuth(app, { tokens, sessionCheck: auth.sessionCheck });
  await registerOpenApi(app);

  healthRoutes(app, { db, jobs: runJobs ? jobs : null });
  registerMetrics(app, { db, token: config.metricsToken });
  authRoutes(app, { auth });
  auditRoutes(app, { audit });
  accessRoutes(app, { access });
  employeesRoutes(app, { employees, upload: employeeUpload, db });
  orgRoutes(app, org);
  dashboardRoutes(app, { dashboard });
  reportsRoutes(app, { reports });
  approvalsRoutes(app, { approvals });
  profileChangesRoutes(app, { profileChanges });
  policiesRoutes(app, { policies });
  filesRoutes(app, { files });
  attendanceRoutes(app, { attendance, regularisation });
  jobsRoutes(app, { jobs });
  notificationsRoutes(app, { notifications });
  expensesRoutes(app, { expenses });
  lettersRoutes(app, { letters, templates: letterTemplates });
  leaveRoutes(app, { leave, files });
  leaveEncashmentRoutes(app, { encashment: leaveEncashment });
  exitsRoutes(app, { exits });
  payrollRoutes(app, payroll);
  payrunRoutes(app, { payrun });
  taxRoutes(app, {
    tax: createTaxService({ db, clock, projectYear: payroll.whatIf.projectYear }),
    files,
  });
  payslipsRoutes(app, { payslips });
  tdsReturnsRoutes(app, {
    tdsReturns: createTdsReturnsService({ db, clock, crypto: createFieldCrypto(config.dataKey), audit }),
  });
  form16Routes(app, { form16 });

  await registerSpaAndNotFound(app, deps.webDir === undefined ? DEFAULT_WEB_DIR : deps.webDir);
  return app;
}
