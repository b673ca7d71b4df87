// The floor to compare against: a bare Fastify route running the same list query in the same
// tenant transaction, with no authentication, session check, permission check or validation.
// BENCH_SEARCH=Upload12 runs the searched list (key=name) instead of the plain page.
import type { EmployeeRecordsListQuery } from '@hr/contract';
import Fastify from 'fastify';
import { createDb } from '../apps/api/src/db/client';
import { listEmployees } from '../apps/api/src/modules/employees/employees.repo';

const companyId = process.env.BENCH_COMPANY_ID!;
const db = await createDb({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
  poolMax: 10,
});
const app = Fastify({ logger: false });
const search = process.env.BENCH_SEARCH;
const query: EmployeeRecordsListQuery = {
  page: 1,
  records: 10,
  sortBy: 'employee_code',
  sortOrder: 'asc',
  ...(search ? { key: 'name', value: search } : {}),
};

app.get('/bare/employee', async () => {
  const { rows, total } = await db.tenantRead(companyId, (tx) =>
    listEmployees(tx, query, { scope: 'company', employeeId: null }),
  );
  return { status: 200, message: 'ok', data: rows, meta: { totalCount: total, page: 1, records: 10 } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
