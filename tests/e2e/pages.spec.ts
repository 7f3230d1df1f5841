// Every signed-in page of the console (tests/e2e/routes.ts: found in app/ when
// the tests run), loaded once for all of the checks a page load gets:
//   - the security headers, one CSP with the script nonce on Next's scripts,
//     and no CSP or Permissions-Policy violation (see also security-headers.spec.ts);
//   - axe, every rule it has: no serious or critical violation (see also
//     accessibility.spec.ts, which checks the dialogs and signed-out pages).
// The two specs loaded each page on their own before: half the browser time.
import { test, expect } from "@playwright/test";
import { expectAccessible, expectPageHeaders, watchViolations } from "./page-checks";
import { signIn, USERS } from "./helpers";
import { isCatchAll, PAGE_ROUTES, routeName, seededIds, SIGNED_OUT, visitsOf, type Segment, type Visit } from "./routes";

/** A page to load: a catch-all's visits are known now; another route's URL takes seeded ids when the test runs. */
type Slot = { route: Segment[]; visit?: Visit };

const consoleRoutes = PAGE_ROUTES.filter((r) => !SIGNED_OUT.has(routeName(r)));
const sections = [...new Set(consoleRoutes.map((r) => r[0]?.name ?? ""))];
/** Pages per test: small enough for a loaded CI machine's timeout, and the two workers share the tests. */
const PAGES_PER_TEST = 6;

// The tests are independent (each signs in and only reads): either worker may
// take any of them, where a file's tests would otherwise all run in one worker
// (fullyParallel is off), four minutes of one worker on a busy machine.
test.describe.configure({ mode: "parallel" });

for (const section of sections) {
  const slots: Slot[] = consoleRoutes
    .filter((r) => (r[0]?.name ?? "") === section)
    .flatMap((route) => (isCatchAll(route) ? visitsOf(route, {}).map((visit) => ({ route, visit })) : [{ route }]));
  for (let first = 0; first < slots.length; first += PAGES_PER_TEST) {
    const group = slots.slice(first, first + PAGES_PER_TEST);
    const part = slots.length > PAGES_PER_TEST ? ` (${first / PAGES_PER_TEST + 1} of ${Math.ceil(slots.length / PAGES_PER_TEST)})` : "";
    test(`signed-in pages under /${section}${part}: headers, nonce on Next's scripts, no violation, accessible`, async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, USERS.rw);
      const ids = group.some((s) => !s.visit && s.route.some((segment) => segment.kind !== "static")) ? await seededIds(page) : {};
      const violations = await watchViolations(page);
      const visits = group.flatMap((s) => (s.visit ? [s.visit] : visitsOf(s.route, ids)));
      expect(visits.length).toBeGreaterThan(0);
      for (const visit of visits) {
        const response = await page.goto(visit.url);
        await page.waitForLoadState("networkidle");
        await expectPageHeaders(page, response, visit);
        await expectAccessible(page, visit.url);
      }
      expect(violations).toEqual([]);
    });
  }
}
