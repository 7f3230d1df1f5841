// Checks every page of the console passes, shared by the specs that load
// pages: the security headers and script nonces (security-headers.spec.ts),
// CSP and Permissions-Policy violations, and axe (accessibility.spec.ts).
// pages.spec.ts loads each signed-in page once and runs all of them on it.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Response } from "@playwright/test";
import type { Visit } from "./routes";

/** Records CSP violations (events and console reports) and Permissions-Policy errors of every page the tab loads. */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(message.text())) violations.push(`console ${message.type()}: ${message.text()}`);
  });
  return violations;
}

export function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name, sources]));
}

export async function expectPageHeaders(page: Page, response: Response | null, visit: Visit) {
  expect(response, visit.url).not.toBeNull();
  expect(response!.status(), visit.url).toBe(visit.status);
  const policies = (await response!.headersArray()).filter((h) => h.name.toLowerCase() === "content-security-policy");
  expect(policies, `${visit.url}: exactly one policy`).toHaveLength(1);
  const csp = directives(policies[0].value);
  const nonce = /^'nonce-(.+)'$/.exec(csp.get("script-src")?.find((s) => s.startsWith("'nonce-")) ?? "")?.[1];
  expect(nonce, `${visit.url}: script nonce`).toBeTruthy();
  expect(csp.get("script-src")).toContain("'strict-dynamic'");
  expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);

  const headers = await response!.allHeaders();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/);
  // Plain http, and no trusted proxy said https: no HSTS (browsers ignore it over http anyway).
  expect(headers["strict-transport-security"]).toBeUndefined();

  // Next put the policy's nonce on its scripts (the page's own, not a stale one).
  const scriptNonces = await page.locator("script[nonce]").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(scriptNonces.length, `${visit.url}: scripts with a nonce`).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
}

/**
 * Runs axe on the page as it is now. Each serious or critical violation fails
 * the test, with the elements it found (the test goes on, so one run lists
 * every page's problems).
 */
export async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 5).map((n) => n.html.slice(0, 160)).join(" | ")}`);
  expect.soft(found, `${where}: axe found serious or critical violations`).toEqual([]);
}

/** Loading finished and opening animations too: axe reads the final colours. */
export async function settled(page: Page) {
  // A table that is still loading dims its stale rows.
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // Endless ones (spinners) never finish: only the others are waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}
