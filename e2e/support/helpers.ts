import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { E2E } from '../env';

export const DEMO = {
  admin: 'admin@acme.test',
  manager: 'manager@acme.test',
  employee: 'employee@acme.test',
  globexAdmin: 'admin@globex.test',
} as const;

/** Signs in through the API (not the UI) to learn what the server says of a user. */
export async function apiLogin(email: string, password: string = E2E.password) {
  const ctx = await request.newContext({ baseURL: E2E.baseURL });
  const res = await ctx.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  await ctx.dispose();
  return body.data as {
    token: string;
    refresh: string;
    userResponse: { employee_name: string; employee_id: string | null };
    scope: { name: string; permissions: { name: string }[] };
  };
}

/** Signs in through the sign-in screen, as a user would. */
export async function signIn(page: Page, email: string, password: string = E2E.password) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      out[k] = localStorage.getItem(k)!;
    }
    return out;
  });
}

/** The same access token with its expiry moved into the past, signed with the test secret. */
export async function expiredCopyOf(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 3600, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(E2E.jwtSecret));
}

type Mail = { to: string[]; raw: string; text: string };

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** Mails the SMTP capture server received for an address, oldest first. */
export function mailsTo(address: string): Mail[] {
  return readdirSync(E2E.mailDir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(E2E.mailDir, f), 'utf8')) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(address))
    .map((m) => ({ ...m, text: decodeQuotedPrintable(m.raw) }));
}

export async function waitForMail(address: string, after: number): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)[after];
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The WCAG 2.0 and 2.1 rules, levels A and AA: every screen must pass all of them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core over the page as it is now and fails listing each violation with the elements it
 * found (a CSS path and axe's summary), so the report says what to fix. `soft`: the test goes on
 * (and fails at its end), to report more than the first problem.
 */
export async function expectNoAxeViolations(page: Page, where: string = page.url(), soft = false) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = results.violations.map((v) => ({
    rule: `${v.id} (${v.impact}): ${v.help}`,
    elements: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  (soft ? expect.soft : expect)(found, `axe-core violations at ${where}`).toEqual([]);
}
