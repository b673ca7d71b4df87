export * from './access';
export * from './auth';
export * from './employees';
export * from './envelope';
export * from './errors';
export * from './permissions';
