// Security headers (docs/security.md): every page route, found in app/ when
// the tests run (so a new page cannot be forgotten), answers with a
// Content-Security-Policy whose nonce Next put on the page's scripts, the
// other headers, and no CSP violation while it loads or while dialogs open
// (the captcha included). Other responses (API JSON, the pixel GIF, the smart
// tag script, files) are nosniff, and the smart tag still loads on another
// site. Signed-out sign-in bodies over 8 KB, or chunked, are refused unread.
// Read-only for the demo data: pages are only viewed; failed sign-ins use
// throw-away addresses.
import http from "node:http";
import { test, expect, type Page } from "@playwright/test";
import { directives, expectPageHeaders, watchViolations } from "./page-checks";
import { signIn, USERS } from "./helpers";
import { PAGE_ROUTES, routeName, seededIds, SIGNED_OUT, type Visit } from "./routes";
import { submitPassword } from "./signin-helpers";

// ------------------------------------------------------- headers, violations

async function visitAll(page: Page, violations: string[], visits: Visit[]) {
  for (const visit of visits) {
    const response = await page.goto(visit.url);
    await page.waitForLoadState("networkidle");
    await expectPageHeaders(page, response, visit);
  }
  expect(violations).toEqual([]);
}

// ---------------------------------------------------------------- the tests

test("the route list comes from app/ and covers the sign-in, console, details tabs, pixel pages and coming-soon sections", () => {
  const names = PAGE_ROUTES.map(routeName);
  for (const expected of ["/", "/login", "/home", "/home/generate_token", "/advertiser", "/advertiser/details/[id]/pixel", "/advertiser/[advId]/pixel/details/[pixelId]", "/report/[rest]"]) {
    expect(names).toContain(expected);
  }
  expect(PAGE_ROUTES.length).toBeGreaterThan(30);
});

test("signed-out pages and the 404 page: headers, no violation, also with the forgot-password dialog open", async ({ page }) => {
  const violations = await watchViolations(page);
  const signedOut = PAGE_ROUTES.filter((r) => SIGNED_OUT.has(routeName(r))).map((r) => ({ url: routeName(r), status: 200 }));
  expect(signedOut).toHaveLength(SIGNED_OUT.size);
  await visitAll(page, violations, [...signedOut, { url: "/no/such/page", status: 404 }]);

  // Acme's sign-in page offers Okta: its forms may lead there (the single
  // sign-on redirect), the default theme's only here.
  const port = new URL(test.info().project.use.baseURL!).port;
  for (const signInPage of ["/login", "/"]) {
    const acme = await page.goto(`http://acme.localhost:${port}${signInPage}`);
    expect(directives((await acme!.allHeaders())["content-security-policy"]).get("form-action")).toEqual(["'self'", "http://127.0.0.1:4011"]);
  }

  const own = await page.goto("/login");
  expect(directives((await own!.allHeaders())["content-security-policy"]).get("form-action")).toEqual(["'self'"]);
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await expect(page.getByTestId("forgot-password-dialog")).toBeVisible();
  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
});

test("the self-hosted captcha (ALTCHA: injected styles, blob: workers) loads and solves under the policy", async ({ page }) => {
  test.setTimeout(120_000); // the browser solves a proof of work
  const violations = await watchViolations(page);
  const email = `csp-captcha-${Date.now()}@nowhere.test`;
  await page.goto("/login");
  for (let i = 0; i < 3; i++) {
    await submitPassword(page, email, "Wrong@12345");
    await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");
  }
  await expect(page.getByTestId("captcha")).toBeVisible();
  await page.getByText("I'm not a robot").click();
  await expect(page.getByText("Verified")).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});

// One test per console section, so the two workers share them.
// Signed-in pages: pages.spec.ts (each page loaded once for these checks and axe's).

test("dialogs and side sheets open without a violation (Radix scroll lock styles get the nonce)", async ({ page }) => {
  await signIn(page, USERS.rw);
  const ids = await seededIds(page);
  const violations = await watchViolations(page);

  // Open at first render: the change-password dialog, the activity and preferences sheets.
  await page.goto("/change-password");
  await expect(page.getByRole("dialog")).toBeVisible();
  for (const panel of ["activity", "preferences"]) {
    await page.goto(`/home?panel=${panel}`);
    await expect(page.getByRole("dialog")).toBeVisible();
  }
  // Opened by a click: the conversion tracker form.
  await page.goto(`/advertiser/details/${ids.id}/pixel`);
  await page.getByTestId("new-pixel").click();
  await expect(page.getByTestId("pixel-form-dialog")).toBeVisible();
  await page.waitForTimeout(300);
  expect(violations).toEqual([]);
});

test("API answers, the pixel GIF, the smart tag script and files are nosniff; the smart tag loads on another site", async ({ page, request, baseURL }) => {
  for (const url of ["/api/health", "/api/px/2147483000", "/api/smarttag/1", "/brand/default-logo.svg", "/api/no-such-route"]) {
    const response = await request.get(url);
    expect(response.headers()["x-content-type-options"], url).toBe("nosniff");
    // Data, never a page to run: nothing may run in it if it is opened as one.
    expect(directives(response.headers()["content-security-policy"] ?? "").get("default-src"), url).toEqual(["'none'"]);
  }
  const script = await request.get("/api/smarttag/1");
  expect(script.headers()["content-type"]).toMatch(/^application\/javascript/);
  expect(script.headers()["cross-origin-resource-policy"]).toBeUndefined();

  // An advertiser's site includes the tag as its snippet does. The site is
  // 127.0.0.1 (another site than localhost, but on loopback like the console,
  // so Chromium's local network rules only ask for the permission granted here).
  const site = baseURL!.replace("//localhost", "//127.0.0.1") + "/advertiser-site";
  await page.context().grantPermissions(["local-network-access"], { origin: new URL(site).origin });
  await page.route(site, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<html><body><script src="${baseURL}/api/smarttag/1" onload="document.title='loaded'" onerror="document.title='failed'"></script></body></html>`,
    }),
  );
  await page.goto(site);
  await expect(page).toHaveTitle("loaded");
});

// ------------------------------------------------------------ body limits

/** A sign-in action POST as a script would send it: with a declared length, or chunked. */
function postAction(baseURL: string, actionId: string, args: object, chunked: boolean): Promise<number> {
  const body = Buffer.from(JSON.stringify([args]));
  const headers: Record<string, string> = { "next-action": actionId, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: baseURL };
  if (!chunked) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = http.request(new URL("/login", baseURL), { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    for (let i = 0; i < body.length; i += 256) req.write(body.subarray(i, i + 256));
    req.end();
  });
}

test("signed-out sign-in bodies over 8 KB, or chunked, are refused with 413 and count no failure", async ({ page, request, baseURL }) => {
  // The captcha's challenge route takes GET only: a POST with a body is refused.
  expect((await request.post("/api/captcha", { data: "x".repeat(100 * 1024) })).status()).toBe(405);

  const email = `csp-body-${Date.now()}@nowhere.test`;
  await page.goto("/login");
  // Failure 1 (of the 3 that demand the captcha), through the form; its action id is the one to replay.
  const actionRequest = page.waitForRequest((r) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
  await submitPassword(page, email, "Wrong@12345");
  const actionId = (await actionRequest).headers()["next-action"];
  await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");

  const wrong = { email, password: "Wrong@12345", captcha: null, returnUrl: null };
  for (let i = 0; i < 3; i++) {
    expect(await postAction(baseURL!, actionId, { ...wrong, returnUrl: `/${"x".repeat(100 * 1024)}` }, false)).toBe(413);
    expect(await postAction(baseURL!, actionId, wrong, true)).toBe(413);
  }

  // Failure 2: still no captcha, so none of the six refused posts was counted...
  await submitPassword(page, email, "Wrong@12345");
  await expect(page.getByTestId("login-error")).toHaveText("Username or password is incorrect");
  await expect(page.getByTestId("captcha")).toHaveCount(0);
  // ...while a small replayed post is counted (failure 3): the captcha is demanded now.
  expect(await postAction(baseURL!, actionId, wrong, false)).toBe(200);
  await page.reload();
  await submitPassword(page, email, "Wrong@12345");
  await expect(page.getByTestId("captcha")).toBeVisible();
});
