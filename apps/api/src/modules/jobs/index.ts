/** What other modules may use of the jobs module: define a job (before start) and send one. */
export { createJobRunner, type JobDefinition, type JobRunner } from './job-runner';
