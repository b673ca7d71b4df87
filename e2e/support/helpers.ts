import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, request } from '@playwright/test';
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
  // Legacy mode: axe.run in the page itself. The default (runPartial per frame, then finishRun in a
  // blank page it opens, injects axe into again and closes) exists for cross-origin iframes, which
  // the app has none of; it cost each check a new page, a second injection and a copy of every
  // result. The rules and tags are the same, and same-origin frames are still checked.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  const found = results.violations.map((v) => ({
    rule: `${v.id} (${v.impact}): ${v.help}`,
    elements: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
  (soft ? expect.soft : expect)(found, `axe-core violations at ${where}`).toEqual([]);
}

/**
 * Makes the page count its API calls in flight (XHR, which the app's axios uses, and fetch), for
 * `settle`. Call on the page or its context before the first navigation.
 */
export async function countRequests(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    const w = window as unknown as { __e2ePending: number };
    w.__e2ePending = 0;
    const done = () => {
      w.__e2ePending--;
    };
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args: Parameters<XMLHttpRequest['send']>) {
      w.__e2ePending++;
      this.addEventListener('loadend', done, { once: true });
      return send.apply(this, args);
    };
    const fetch = window.fetch;
    window.fetch = function (...args: Parameters<typeof window.fetch>) {
      w.__e2ePending++;
      return fetch.apply(this, args).finally(done);
    };
  });
}

/**
 * Waits until the page has stopped changing: no API call in flight (see `countRequests`), nothing
 * saying Loading, no transition or animation running (a spinner's endless one aside), the document
 * and its fonts loaded, and the DOM untouched for `frames` animation frames in a row. A screen whose
 * data arrives starts its next call within a frame or two of the last (React renders, then its
 * effects fetch), so a few quiet frames stand for `networkidle`'s fixed 500 ms of silence, which
 * every check paid; after a resize the same wait covers the layout settling (media-query re-renders,
 * the sidebar's slide).
 */
export async function settle(page: Page, frames = 5) {
  const waiting = page.waitForFunction(
    (needed) => {
      type State = { quiet: number; mutated: boolean; observer: MutationObserver; why: string };
      const w = window as unknown as { __e2ePending?: number; __e2eSettle?: State };
      if (w.__e2ePending === undefined)
        throw new Error('settle() needs countRequests() before the page loads');
      if (!w.__e2eSettle) {
        const state: State = { quiet: 0, mutated: false, observer: new MutationObserver(() => {}), why: '' };
        state.observer = new MutationObserver(() => {
          state.mutated = true;
        });
        state.observer.observe(document, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        w.__e2eSettle = state;
      }
      const state = w.__e2eSettle;
      const loading = Array.from(document.querySelectorAll('[role="status"]')).some((el) =>
        /Loading/.test(el.textContent ?? ''),
      );
      const moving = document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      const why = [
        w.__e2ePending > 0 && `${w.__e2ePending} API calls in flight`,
        state.mutated && 'the DOM keeps changing',
        loading && 'something says Loading',
        moving && 'an animation or transition is running',
        document.readyState !== 'complete' && 'the document is still loading',
        document.fonts.status !== 'loaded' && 'fonts are loading',
      ].filter(Boolean);
      state.mutated = false;
      state.why = why.join(', ');
      state.quiet = why.length > 0 ? 0 : state.quiet + 1;
      if (state.quiet < needed) return false;
      state.observer.disconnect();
      delete w.__e2eSettle;
      return true;
    },
    frames,
    { polling: 'raf', timeout: 30_000 },
  );
  // Say what kept the page busy rather than only that the wait timed out.
  await waiting.catch(async (error: Error) => {
    const why = await page
      .evaluate(() => (window as unknown as { __e2eSettle?: { why: string } }).__e2eSettle?.why)
      .catch(() => undefined);
    throw new Error(`${page.url()} did not settle${why ? `: ${why}` : ''}`, { cause: error });
  });
}
