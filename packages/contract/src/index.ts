// First: every schema below gets its messages in words (a zod error map).

export * from './abilities';
export * from './access';
export * from './approvals';
export * from './attendance';
export * from './auth';
export * from './dashboard';
export * from './dates';
export * from './employee-records';
export * from './employees';
export * from './envelope';
export * from './errors';
export * from './exits';
export * from './expenses';
export * from './files';
export * from './jobs';
export * from './leave';
export * from './leave-encashment';
export * from './letters';
export * from './messages';
export * from './notifications';
export * from './org';
export * from './payroll';
export * from './payrun';
export * from './permissions';
export * from './policies';
export * from './reports';
