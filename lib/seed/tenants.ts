// The two demo licensees with their themes, and the demo users. Every value a
// sign-in or theme test relies on (sub-domains, OIDC clients, e-mails, roles)
// is spelled out here, not generated.
import type { PrismaClient } from "../generated/prisma/client";
import type { OidcClient, Role } from "../generated/prisma/enums";
import { UTC_TIMEZONE_ID } from "./dictionaries";

type Db = Pick<PrismaClient, "licensee" | "user" | "membership" | "userSettings">;

export const DEMO_PASSWORD = "Demo@12345";

export interface LicenseeBlueprint {
  key: "default" | "acme";
  name: string;
  currencyCode: string;
  /** Who besides its users may receive its scheduled reports: its own test domain (the demo templates mail reports@default.test). */
  reportRecipientDomains: string[];
  theme: {
    subDomain: string;
    pageTitle: string;
    palette: number;
    oidcClient: OidcClient;
    oidcClientId: string;
    oidcIssuer: string | null;
    logoLg: string;
    logoSm: string;
    favIcon: string;
  };
}

export const LICENSEES: readonly LicenseeBlueprint[] = [
  {
    key: "default",
    name: "Default Media",
    currencyCode: "USD",
    reportRecipientDomains: ["default.test"],
    theme: {
      subDomain: "default",
      pageTitle: "Default Media",
      palette: 1,
      oidcClient: "GOOGLE",
      oidcClientId: "default-google-client",
      oidcIssuer: null,
      logoLg: "/brand/default-logo.svg",
      logoSm: "/brand/default-logo-sm.svg",
      favIcon: "/brand/default-favicon.svg",
    },
  },
  {
    key: "acme",
    name: "Acme Agency",
    currencyCode: "EUR",
    reportRecipientDomains: ["acme.test"],
    theme: {
      subDomain: "acme",
      pageTitle: "Acme Agency",
      palette: 3,
      oidcClient: "OKTA",
      oidcClientId: "acme-okta-client",
      oidcIssuer: "http://127.0.0.1:4011",
      logoLg: "/brand/acme-logo.svg",
      logoSm: "/brand/acme-logo-sm.svg",
      favIcon: "/brand/acme-favicon.svg",
    },
  },
];

export interface UserBlueprint {
  email: string;
  name: string;
  twoFactorEnabled?: boolean;
  memberships: { licensee: LicenseeBlueprint["key"]; role: Role; isDefault: boolean; canSwitch: boolean }[];
}

export const USERS: readonly UserBlueprint[] = [
  {
    email: "rw@default.test",
    name: "Riley Writer",
    memberships: [
      { licensee: "default", role: "RW", isDefault: true, canSwitch: true },
      { licensee: "acme", role: "RW", isDefault: false, canSwitch: true },
    ],
  },
  { email: "ro@default.test", name: "Robin Reader", memberships: [{ licensee: "default", role: "RO", isDefault: true, canSwitch: false }] },
  { email: "demo@default.test", name: "Dana Demo", memberships: [{ licensee: "default", role: "DEMO", isDefault: true, canSwitch: false }] },
  {
    email: "otp@default.test",
    name: "Otto Twofactor",
    twoFactorEnabled: true,
    memberships: [{ licensee: "default", role: "RW", isDefault: true, canSwitch: false }],
  },
  { email: "rw@acme.test", name: "Ada Acme", memberships: [{ licensee: "acme", role: "RW", isDefault: true, canSwitch: false }] },
];

export interface Tenants {
  licensees: { id: number; blueprint: LicenseeBlueprint }[];
  /** User ids by e-mail. */
  users: Map<string, { id: number; name: string }>;
}

export async function seedTenants(db: Db, passwordHash: string, defaultPresetId: number | undefined): Promise<Tenants> {
  const licensees: Tenants["licensees"] = [];
  // One create per licensee (nested theme): createMany cannot nest relations.
  for (const blueprint of LICENSEES) {
    const row = await db.licensee.create({
      // Both demo licensees hold the SKAD target privilege, so SKAD campaigns can be tried out.
      data: {
        name: blueprint.name,
        currencyCode: blueprint.currencyCode,
        skadTargetAllowed: true,
        reportRecipientDomains: blueprint.reportRecipientDomains,
        theme: { create: blueprint.theme },
      },
      select: { id: true },
    });
    licensees.push({ id: row.id, blueprint });
  }
  const licenseeId = (key: string) => licensees.find((l) => l.blueprint.key === key)!.id;

  const created = await db.user.createManyAndReturn({
    data: USERS.map((u) => ({ email: u.email, name: u.name, passwordHash, twoFactorEnabled: u.twoFactorEnabled ?? false })),
    select: { id: true, email: true, name: true },
  });
  const users = new Map(created.map((u) => [u.email, { id: u.id, name: u.name }]));

  await db.membership.createMany({
    data: USERS.flatMap((u) =>
      u.memberships.map((m) => ({
        userId: users.get(u.email)!.id,
        licenseeId: licenseeId(m.licensee),
        role: m.role,
        isDefault: m.isDefault,
        canSwitch: m.canSwitch,
      })),
    ),
  });
  await db.userSettings.createMany({
    data: created.map((u) => ({ userId: u.id, timezoneId: UTC_TIMEZONE_ID, selectedPresetId: defaultPresetId ?? null })),
  });
  return { licensees, users };
}
