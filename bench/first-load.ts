// First load of the web app in Chromium: what the sign-in page costs, and what signing in adds.
//   npm run build && npx tsx bench/first-load.ts              starts the built app on a fresh PGlite
//   npx tsx bench/first-load.ts --url http://localhost:3000   measures a running app (demo data seeded)
// Builds nothing itself. Bytes are as transferred (compressed when the server compressed them), each
// response's body as Chromium received it; "gzip" is the body gzipped at level 9 here, the figure
// the target is set in whatever the server sends.
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startProcess, stopProcess, waitForUrl } from './lib';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    port: { type: 'string', default: '3210' },
    email: { type: 'string', default: 'admin@acme.test' },
    password: { type: 'string', default: 'Demo@1234' },
  },
});

type Asset = { url: string; kind: 'js' | 'css'; transferred: number; decoded: number; gzip: number };

function kindOf(response: Response): Asset['kind'] | null {
  const type = response.request().resourceType();
  const path = new URL(response.url()).pathname;
  if (type === 'script' || path.endsWith('.js')) return 'js';
  if (type === 'stylesheet' || path.endsWith('.css')) return 'css';
  return null;
}

/** Records every script and stylesheet the page fetches from now until `settle`. */
function record(page: Page): { assets: Asset[]; settle: () => Promise<void> } {
  const assets: Asset[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const kind = kindOf(response);
    if (!kind) return;
    pending.push(
      (async () => {
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        assets.push({
          url: new URL(response.url()).pathname,
          kind,
          transferred: sizes.responseBodySize,
          decoded: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      })(),
    );
  };
  page.on('response', onResponse);
  const settle = async () => {
    page.off('response', onResponse);
    await Promise.all(pending);
  };
  return { assets, settle };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function summary(label: string, assets: Asset[]) {
  const sum = (kind: Asset['kind'], key: 'transferred' | 'decoded' | 'gzip') =>
    assets.filter((a) => a.kind === kind).reduce((n, a) => n + a[key], 0);
  const scripts = assets.filter((a) => a.kind === 'js').length;
  const sheets = assets.filter((a) => a.kind === 'css').length;
  console.log(`\n${label}`);
  console.log(
    `  JavaScript: ${scripts} files, ${kb(sum('js', 'transferred'))} transferred, ${kb(sum('js', 'decoded'))} decoded, ${kb(sum('js', 'gzip'))} gzipped`,
  );
  console.log(
    `  CSS:        ${sheets} files, ${kb(sum('css', 'transferred'))} transferred, ${kb(sum('css', 'decoded'))} decoded, ${kb(sum('css', 'gzip'))} gzipped`,
  );
  for (const a of [...assets].sort((x, y) => y.transferred - x.transferred).slice(0, 30)) {
    console.log(
      `    ${kb(a.transferred).padStart(9)} ${kb(a.decoded).padStart(9)} ${kb(a.gzip).padStart(9)}  ${a.url}`,
    );
  }
}

async function measure(base: string) {
  const launch = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    executablePath: launch.executablePath ?? '/usr/bin/chromium',
  });
  try {
    // A new context has an empty cache: a first visit.
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const first = record(page);
    await page.goto('/sign-in', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    await first.settle();
    summary(`Sign-in page (${base}/sign-in)`, first.assets);
    const cacheControl = await (await fetch(`${base}${first.assets[0]?.url ?? '/'}`)).headers.get(
      'cache-control',
    );
    console.log(`  cache-control of ${first.assets[0]?.url}: ${cacheControl}`);

    const after = record(page);
    await page.getByLabel('Email').fill(values.email!);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(values.password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The sign-in page goes to '/', which sends the user on to their first area.
    await page.waitForURL((url) => !['/sign-in', '/'].includes(url.pathname));
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    await after.settle();
    summary(
      `Signing in as ${values.email} (landing on ${new URL(page.url()).pathname}): added`,
      after.assets,
    );
    summary('Sign-in page and signing in, together', [...first.assets, ...after.assets]);
    await context.close();
  } finally {
    await browser.close();
  }
}

if (values.url) {
  await measure(values.url.replace(/\/$/, ''));
} else {
  // As e2e/support/serve.ts starts it: the built app on a fresh database with the demo data.
  const port = Number(values.port);
  const dataDir = `/tmp/hr-first-load-${Date.now()}`;
  const child = startProcess('apps/api/src/server.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
  });
  // However this process ends (an error, Ctrl-C, a closed pipe), the server goes with it.
  process.on('exit', () => child.kill('SIGTERM'));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForUrl(`${base}/api/health`);
    await measure(base);
  } finally {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
