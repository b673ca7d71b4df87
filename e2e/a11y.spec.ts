import { readdirSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, request, test } from '@playwright/test';
import { ADMIN_AREA, ADMIN_SCREENS } from '../apps/web/src/app/routes/admin';
import { PAYROLL_AREA, PAYROLL_SCREENS } from '../apps/web/src/app/routes/payroll';
import { TEAM_AREA, TEAM_SCREENS } from '../apps/web/src/app/routes/team';
import type { ScreenDef } from '../apps/web/src/app/routes/types';
import { USER_AREA, USER_SCREENS } from '../apps/web/src/app/routes/user';
import { BUILT_IN_ROLES, dataScopeOf } from '../packages/contract/src/permissions';
import { E2E } from './env';
import { apiLogin, countRequests, DEMO, expectNoAxeViolations, settle, signIn } from './support/helpers';

/**
 * Every screen of the app, read from the route tables the router is built from (a screen added to
 * them is checked here without touching this file), as each demo role: axe-core's WCAG 2.0/2.1 A
 * and AA rules find nothing, at desktop width and at 390 px, and no page scrolls sideways on a phone.
 */
const AREAS = [
  { key: USER_AREA.key, screens: USER_SCREENS },
  { key: TEAM_AREA.key, screens: TEAM_SCREENS },
  { key: ADMIN_AREA.key, screens: ADMIN_SCREENS },
  { key: PAYROLL_AREA.key, screens: PAYROLL_SCREENS },
];
const ROUTE_TABLES = ['user.ts', 'team.ts', 'admin.ts', 'payroll.ts'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test('every route table is covered by this spec', () => {
  // A new area's table must be added above (and to the router); the other files are not tables.
  const files = readdirSync('apps/web/src/app/routes').filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !['screens.ts', 'types.ts'].includes(f),
  );
  expect(files.sort()).toEqual([...ROUTE_TABLES].sort());
});

/** Path parameters: a real record where the screen loads one, otherwise any value. */
async function paramValues(): Promise<Record<string, string>> {
  const { token } = await apiLogin(DEMO.admin);
  const ctx = await request.newContext({ baseURL: E2E.baseURL });
  const res = await ctx.get('/api/employee?page=1&records=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const employeeId = (await res.json()).data[0].id as string;
  await ctx.dispose();
  return { employeeId };
}

function urlOf(area: string, screen: ScreenDef, params: Record<string, string>): string {
  const path = screen.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
  return `/${area}${path ? `/${path}` : ''}`;
}

/** The screen has rendered: its h1 is there, nothing is loading, no call is in flight, nothing moves. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, widest } = await page.evaluate(() => {
    // The element that sticks out furthest, to name it when the page is too wide.
    let widest = '';
    let right = 0;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect().right;
      if (r > right) {
        right = r;
        widest = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} (${Math.round(r)} px)`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest };
  });
  expect
    .soft(scrollWidth, `${where} scrolls sideways at 390 px; widest element: ${widest}`)
    .toBeLessThanOrEqual(PHONE.width);
}

/**
 * Axe at desktop width, then at phone width with the sideways-scroll check. Soft assertions: one
 * report lists everything wrong with the page.
 */
async function checkPage(page: Page, url: string) {
  await page.setViewportSize(DESKTOP);
  await page.goto(url);
  await settled(page);
  await expectNoAxeViolations(page, `${url} (desktop)`, true);
  // The same page narrowed to a phone's width rather than loaded again: a fresh load at 390 px
  // starts wide too (the shell's media query answers after the first render), and `settled` waits
  // out the re-render and the sidebar's transition, so axe sees what a phone shows.
  await page.setViewportSize(PHONE);
  await settled(page);
  await expectNoSidewaysScroll(page, url);
  await expectNoAxeViolations(page, `${url} (390 px)`, true);
}

/**
 * The demo users hold the built-in roles, so which screens each may open is known before the run:
 * the role's screens get an accessibility test each, and the rest one test that they all send the
 * role to /forbidden (nothing is generated only to be skipped). beforeAll checks that the signed-in
 * permissions really are the built-in set, so this list cannot drift from the seed.
 */
const ROLES = [
  { role: 'admin', email: DEMO.admin, builtIn: BUILT_IN_ROLES.Admin },
  { role: 'manager', email: DEMO.manager, builtIn: BUILT_IN_ROLES.Manager },
  { role: 'employee', email: DEMO.employee, builtIn: BUILT_IN_ROLES.Employee },
] as const;

for (const { role, email, builtIn } of ROLES) {
  const granted = new Set<string>(builtIn);
  // The admin request queues also need company-wide data scope (the manager holds their permissions).
  const mayOpen = (screen: ScreenDef) =>
    screen.permission.every((p) => granted.has(p)) &&
    (!screen.companyWide || dataScopeOf([...granted]) === 'company');

  test.describe(`accessibility as ${role}`, () => {
    // One signed-in page for the role's screens, visited one after another (after a failure the
    // worker restarts and signs in again, so the other screens are still checked).
    let page: Page;
    let params: Record<string, string>;
    let context: BrowserContext;

    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      const permissions = (await apiLogin(email)).scope.permissions.map((p) => p.name);
      expect(new Set(permissions), `${email} should hold the built-in ${role} role`).toEqual(granted);
      params = await paramValues();
      context = await browser.newContext();
      await countRequests(context);
      page = await context.newPage();
      await signIn(page, email);
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const area of AREAS) {
      for (const screen of area.screens.filter(mayOpen)) {
        test(`${area.key}/${screen.path || '(home)'} ${screen.title}`, async () => {
          await checkPage(page, urlOf(area.key, screen, params));
        });
      }
    }

    const closed = AREAS.flatMap((area) =>
      area.screens.filter((screen) => !mayOpen(screen)).map((screen) => ({ area: area.key, screen })),
    );
    if (closed.length > 0) {
      test(`the ${closed.length} screens ${role} may not open send it to /forbidden`, async () => {
        // One navigation per screen: allow each its own few seconds rather than one test's 30.
        test.setTimeout(30_000 + closed.length * 3_000);
        for (const { area, screen } of closed) {
          await page.goto(urlOf(area, screen, params));
          await expect(page, `${area}/${screen.path}`).toHaveURL(/\/forbidden$/);
        }
      });
    }

    test('forbidden and not-found pages', async () => {
      await checkPage(page, '/forbidden');
      await checkPage(page, '/no-such-page');
    });
  });
}

/**
 * A screen's axe check sees it with its drawers closed: open one approval drawer (the queues share
 * it) and check the drawer too, at both widths. The demo holds leave requests for the admin's queue.
 */
test('an open approval drawer', async ({ page }) => {
  await countRequests(page);
  await signIn(page, DEMO.admin);
  for (const [size, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, '390 px'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto('/admin/requests/leave');
    await settled(page);
    await page
      .getByRole('button', { name: /^Open leave of / })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: /^Leave: / });
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeVisible();
    // Axe reads colours: wait until the drawer has slid and faded in.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
    );
    await expectNoAxeViolations(page, `the leave drawer (${label})`, true);
  }
});

test.describe('accessibility signed out', () => {
  for (const url of [
    '/sign-in',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    '/forbidden',
    '/server-error',
    '/no-such-page',
  ]) {
    test(url, async ({ page }) => {
      await countRequests(page);
      await checkPage(page, url);
    });
  }
});
