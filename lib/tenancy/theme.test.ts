import { db } from "@/lib/db";
import { useTestDatabase } from "../../tests/helpers/db";
import { BUILTIN_THEME, getThemeForLicensee, getThemeForSubdomain, paletteId } from "./theme";

useTestDatabase();

async function licenseeWithTheme(name: string, subDomain: string, palette: number, oidcClient: "GOOGLE" | "OKTA") {
  return db.licensee.create({
    data: {
      name,
      theme: {
        create: {
          subDomain,
          pageTitle: `${name} Console`,
          logoLg: `/brand/${subDomain}-logo.svg`,
          logoSm: `/brand/${subDomain}-logo-sm.svg`,
          favIcon: `/brand/${subDomain}-favicon.svg`,
          palette,
          oidcClient,
          oidcClientId: "secret-ish-client-id",
        },
      },
    },
  });
}

test("an empty database gives the built-in theme", async () => {
  expect(await getThemeForSubdomain("acme")).toEqual(BUILTIN_THEME);
  expect(await getThemeForSubdomain("")).toEqual(BUILTIN_THEME);
  expect(await getThemeForLicensee(1)).toEqual(BUILTIN_THEME);
});

test("a sub-domain gets its own theme, as a plain object without internal fields", async () => {
  await licenseeWithTheme("Default Media", "default", 1, "GOOGLE");
  await licenseeWithTheme("Acme Agency", "acme", 3, "OKTA");
  expect(await getThemeForSubdomain("acme")).toEqual({
    subDomain: "acme",
    pageTitle: "Acme Agency Console",
    logoLg: "/brand/acme-logo.svg",
    logoSm: "/brand/acme-logo-sm.svg",
    favIcon: "/brand/acme-favicon.svg",
    palette: 3,
    oidcClient: "OKTA",
  });
});

test("an unknown sub-domain falls back to the default theme", async () => {
  await licenseeWithTheme("Default Media", "default", 1, "GOOGLE");
  const theme = await getThemeForSubdomain("nobody");
  expect(theme.subDomain).toBe("default");
  expect(theme.pageTitle).toBe("Default Media Console");
});

test("a licensee's theme; a licensee without one gets the default theme", async () => {
  await licenseeWithTheme("Default Media", "default", 1, "GOOGLE");
  const acme = await licenseeWithTheme("Acme Agency", "acme", 3, "OKTA");
  const bare = await db.licensee.create({ data: { name: "No Theme" } });
  expect((await getThemeForLicensee(acme.id)).palette).toBe(3);
  expect((await getThemeForLicensee(bare.id)).subDomain).toBe("default");
});

test("the database refuses an out-of-range palette; one that slips through is painted with palette 1", async () => {
  // Theme_palette_check (migration row_versions) keeps 1..5 in the table.
  await expect(licenseeWithTheme("Odd", "odd", 9, "GOOGLE")).rejects.toThrow(/Theme_palette_check/);
  expect(await db.theme.count({ where: { subDomain: "odd" } })).toBe(0);
  expect(paletteId(9)).toBe(1);
  expect(paletteId(0)).toBe(1);
  expect(paletteId(5)).toBe(5);
});
