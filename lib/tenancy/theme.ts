// Theme lookups. Returns plain objects, never whole rows: the theme is passed
// to client components and into page metadata.
import "server-only";
import { db } from "../db";
import { log } from "../log";
import { DEFAULT_SUBDOMAIN } from "./subdomain";

export type OidcClientName = "GOOGLE" | "OKTA";
export type PaletteId = 1 | 2 | 3 | 4 | 5;

export interface ThemeView {
  subDomain: string;
  pageTitle: string;
  logoLg: string;
  logoSm: string;
  favIcon: string;
  palette: PaletteId;
  oidcClient: OidcClientName;
}

/** Used when the database holds no theme at all (fresh install) or cannot be reached. */
export const BUILTIN_THEME: Readonly<ThemeView> = Object.freeze({
  subDomain: DEFAULT_SUBDOMAIN,
  pageTitle: "DSP Console",
  logoLg: "/brand/default-logo.svg",
  logoSm: "/brand/default-logo-sm.svg",
  favIcon: "/brand/default-favicon.svg",
  palette: 1,
  oidcClient: "GOOGLE",
});

const THEME_SELECT = {
  subDomain: true,
  pageTitle: true,
  logoLg: true,
  logoSm: true,
  favIcon: true,
  palette: true,
  oidcClient: true,
} as const;

type ThemeRow = {
  subDomain: string;
  pageTitle: string;
  logoLg: string;
  logoSm: string;
  favIcon: string;
  palette: number;
  oidcClient: string;
};

export function paletteId(value: number): PaletteId {
  return Number.isInteger(value) && value >= 1 && value <= 5 ? (value as PaletteId) : 1;
}

function toView(row: ThemeRow): ThemeView {
  return {
    subDomain: row.subDomain,
    pageTitle: row.pageTitle || BUILTIN_THEME.pageTitle,
    logoLg: row.logoLg || BUILTIN_THEME.logoLg,
    logoSm: row.logoSm || BUILTIN_THEME.logoSm,
    favIcon: row.favIcon || BUILTIN_THEME.favIcon,
    palette: paletteId(row.palette),
    oidcClient: row.oidcClient === "OKTA" ? "OKTA" : "GOOGLE",
  };
}

async function bySubdomain(sub: string): Promise<ThemeView | null> {
  const row = await db.theme.findUnique({ where: { subDomain: sub }, select: THEME_SELECT });
  return row ? toView(row) : null;
}

/** The theme of a sub-domain; else the 'default' theme; else the built-in theme. */
export async function getThemeForSubdomain(sub: string | null | undefined): Promise<ThemeView> {
  const wanted = (sub || DEFAULT_SUBDOMAIN).toLowerCase();
  try {
    return (
      (await bySubdomain(wanted)) ??
      (wanted !== DEFAULT_SUBDOMAIN ? await bySubdomain(DEFAULT_SUBDOMAIN) : null) ?? { ...BUILTIN_THEME }
    );
  } catch (err) {
    log.warn("theme lookup failed; using the built-in theme", { subDomain: wanted, err });
    return { ...BUILTIN_THEME };
  }
}

/** The theme of a licensee; a licensee without one gets the default theme. */
export async function getThemeForLicensee(licenseeId: number): Promise<ThemeView> {
  try {
    const row = Number.isSafeInteger(licenseeId)
      ? await db.theme.findUnique({ where: { licenseeId }, select: THEME_SELECT })
      : null;
    if (row) return toView(row);
  } catch (err) {
    log.warn("theme lookup failed; using the built-in theme", { licenseeId, err });
    return { ...BUILTIN_THEME };
  }
  return getThemeForSubdomain(DEFAULT_SUBDOMAIN);
}
