import { parseArgs } from 'node:util';
import { PasswordSchema } from '@hr/contract';
import { parseConfig } from '../../config';
import { createDb } from '../client';
import { migrate } from '../migrate';
import { createCompany } from './index';

const HELP = `Create a company with its built-in roles (Employee, Manager, Admin) and an admin sign-in.

Usage: npm run company:create -- --name "Acme Corp" --email admin@acme.com --password 'S3cure-pass' [--admin-name "Asha Rao"] [--prefix ACM]

  --name        company name (required)
  --email       the admin's sign-in email (required, unique across all companies)
  --password    the admin's password (required; 8+ characters with a letter and a digit)
  --admin-name  the admin's full name (default "Administrator")
  --prefix      employee code prefix (default: the first three letters of the name)
  --help        show this text

Uses DATABASE_URL when set, otherwise the PGlite data folder DATA_DIR (stop the server first).`;

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    'admin-name': { type: 'string' },
    prefix: { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help || !values.name || !values.email || !values.password) {
  console.log(HELP);
  process.exit(values.help ? 0 : 1);
}
const pw = PasswordSchema.safeParse(values.password);
if (!pw.success) {
  console.error(pw.error.issues.map((i) => i.message).join('; '));
  process.exit(1);
}

const config = parseConfig();
const db = await createDb({ databaseUrl: config.directDatabaseUrl, dataDir: config.dataDir, poolMax: 2 });
try {
  await migrate(db);
  const r = await createCompany(db, {
    name: values.name,
    adminEmail: values.email,
    adminPassword: values.password,
    adminName: values['admin-name'] ?? 'Administrator',
    codePrefix: values.prefix,
  });
  console.log(`Created company ${values.name} (${r.companyId}); admin ${values.email}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
