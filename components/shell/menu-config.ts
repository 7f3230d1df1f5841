// The navigation menu of shell.md 2.6: groups, their routes, and the side
// lists of recent items (one per menu name) with their 'See all ...' links.
// The groups follow the spec's structure and name entities by key; labels,
// routes and empty texts come from the entities' declarations (the registry's
// client-safe catalog), so a renamed route or text changes in one place.
import type { Role } from "@/lib/auth/roles";
import { shellVisibility } from "@/lib/auth/roles";
import { menuOf, viewOf, type EntityCatalog } from "@/lib/entities/catalog";
import { sectionOf } from "@/lib/contracts/entity-routes";
import type { EntityKey } from "@/lib/contracts/entity";

export interface MenuLink {
  label: string;
  href: string;
  /** A Create entry: hidden for read-only and demo users. */
  create?: boolean;
  /** A strategy template link: hidden for demo users. */
  templates?: boolean;
  /** Opens in a new browser tab (audience analyzer). */
  newTab?: boolean;
}

export interface MenuSideList {
  menu: string;
  title: string;
  seeAll: { label: string; href: string };
  /** Shown when a search finds nothing (shell.md 8). */
  emptyText: string;
  templates?: boolean;
  /** Items open in a new browser tab (audience and creative-set details). */
  newTab?: boolean;
}

export interface MenuGroup {
  key: string;
  label: string;
  /** A group without links is a plain link to this route. */
  href?: string;
  links: MenuLink[];
  lists: MenuSideList[];
  /** Is the current page inside this group? */
  matches(pathname: string): boolean;
  /** Shown on handsets (width 768 px or less) / on wider screens. */
  handset: boolean;
  desktop: boolean;
}

/** A link of a group: an entity's list or create route, a menu's 'See all' route, or a route of no entity. */
type LinkSpec =
  | { entity: EntityKey; route: "list" | "create"; templates?: boolean }
  | { menu: string }
  | { label: string; href: string; newTab?: boolean };

interface GroupSpec {
  key: string;
  label: string;
  /** A group without links: a plain link to this entity's list. */
  entity?: EntityKey;
  /** The group holds the pages of these entities' sections. */
  sections?: EntityKey[];
  /** ... or of these paths (sections without entities). */
  paths?: string[];
  links: LinkSpec[];
  lists: { menu: string; templates?: boolean }[];
  handset: boolean;
  desktop: boolean;
}

const under =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((p) => pathname === p || pathname.startsWith(p + "/") || pathname.startsWith(p + "?"));

const SLICEX = "/report/slicex";

/** The groups of shell.md 2.6, in the spec's order. */
const GROUPS: GroupSpec[] = [
  { key: "home", label: "Home", paths: ["/home"], links: [], lists: [], handset: true, desktop: true },
  {
    key: "advertisers",
    label: "Advertisers",
    sections: ["advertiser"],
    links: [
      { entity: "advertiser", route: "list" },
      { entity: "advertiser", route: "create" },
    ],
    lists: [{ menu: "advertiser" }],
    handset: true,
    desktop: true,
  },
  {
    key: "campaigns",
    label: "Campaigns",
    sections: ["campaign", "strategy"],
    links: [
      { entity: "campaign", route: "list" },
      { entity: "campaign", route: "create" },
      { entity: "strategy", route: "list" },
      { entity: "strategy", route: "create" },
      { entity: "strategy_template", route: "list", templates: true },
    ],
    lists: [{ menu: "campaign" }, { menu: "strategy" }, { menu: "strategy_template", templates: true }],
    handset: true,
    desktop: true,
  },
  {
    key: "creative-sets",
    label: "Creative Sets",
    sections: ["creative_set", "creative"],
    links: [
      { entity: "creative_set", route: "list" },
      { entity: "creative_set", route: "create" },
    ],
    lists: [{ menu: "creative_sets" }],
    handset: false,
    desktop: true,
  },
  {
    key: "audience",
    label: "Audience",
    sections: ["audience"],
    links: [
      { menu: "app_audience" },
      { menu: "lal_audience" },
      { entity: "audience", route: "create" },
      { label: "Conversion Estimator", href: "/audience/analysis", newTab: true },
    ],
    lists: [{ menu: "app_audience" }, { menu: "lal_audience" }],
    handset: false,
    desktop: true,
  },
  {
    key: "reports",
    label: "Reports",
    paths: ["/report"],
    links: [
      { label: "Advanced", href: "/report/advanced" },
      { label: "Conversion", href: "/report/conversion" },
      { label: "Video Creatives", href: "/report/video" },
      { label: "Inventory", href: "/report/inventory" },
      { label: "Loss Bids", href: "/report/lossbid" },
      { label: "Report Templates and Scheduling", href: "/report/schedule/list" },
    ],
    lists: [],
    handset: false,
    desktop: true,
  },
  {
    key: "slicex",
    label: "SliceX",
    paths: [SLICEX],
    links: [
      { label: "General Analysis", href: "/report/slicex/revenue" },
      { label: "Business Report", href: "/report/slicex/business-report" },
    ],
    lists: [],
    handset: false,
    desktop: true,
  },
  {
    key: "experiments",
    label: "Experiments",
    paths: ["/experiment", "/experiments"],
    links: [
      { label: "Experiment", href: "/experiment" },
      { label: "Experiments List", href: "/experiments" },
    ],
    lists: [],
    handset: false,
    desktop: true,
  },
  // shell.md 2.6: a Strategy entry that only handsets show.
  { key: "strategy", label: "Strategy", entity: "strategy", sections: ["strategy"], links: [], lists: [], handset: true, desktop: false },
];

function route(catalog: EntityCatalog, key: EntityKey, which: "list" | "create"): string {
  const pattern = viewOf(catalog, key).routes[which];
  if (!pattern) throw new Error(`${key} has no ${which} route`);
  return pattern;
}

function linkOf(catalog: EntityCatalog, spec: LinkSpec): MenuLink {
  if ("label" in spec) return { label: spec.label, href: spec.href, ...(spec.newTab ? { newTab: true } : {}) };
  if ("menu" in spec) {
    const { menu } = menuOf(catalog, spec.menu)!;
    return { label: menu.label, href: menu.list };
  }
  const { labels } = viewOf(catalog, spec.entity);
  const link: MenuLink =
    spec.route === "create"
      ? { label: `Create ${labels.title}`, href: route(catalog, spec.entity, "create"), create: true }
      : { label: labels.titlePlural, href: route(catalog, spec.entity, "list") };
  return spec.templates ? { ...link, templates: true } : link;
}

function sideListOf(catalog: EntityCatalog, spec: GroupSpec["lists"][number]): MenuSideList {
  const found = menuOf(catalog, spec.menu);
  if (!found) throw new Error(`no entity lists the menu ${spec.menu}`);
  const { entity, menu } = found;
  return {
    menu: menu.name,
    title: `Recent ${menu.label}`,
    seeAll: { label: `See all ${menu.label}`, href: menu.list },
    emptyText: menu.emptyText,
    ...(spec.templates ? { templates: true } : {}),
    ...(entity.detailsInNewTab ? { newTab: true } : {}),
  };
}

function matcherOf(catalog: EntityCatalog, spec: GroupSpec): (pathname: string) => boolean {
  const prefixes = [
    ...(spec.paths ?? []),
    ...(spec.sections ?? []).map((key) => {
      const { routes } = viewOf(catalog, key);
      return `/${sectionOf(routes.list ?? routes.details)}`;
    }),
  ];
  const inside = under(...prefixes);
  // SliceX pages are under /report but belong to their own group.
  return spec.key === "reports" ? (p) => inside(p) && !under(SLICEX)(p) : inside;
}

/** The menu's groups with their texts and routes from the catalog. */
export function resolveMenuGroups(catalog: EntityCatalog): MenuGroup[] {
  return GROUPS.map((spec) => ({
    key: spec.key,
    label: spec.label,
    ...(spec.entity ? { href: route(catalog, spec.entity, "list") } : spec.links.length === 0 ? { href: spec.paths![0] } : {}),
    links: spec.links.map((l) => linkOf(catalog, l)),
    lists: spec.lists.map((l) => sideListOf(catalog, l)),
    matches: matcherOf(catalog, spec),
    handset: spec.handset,
    desktop: spec.desktop,
  }));
}

function allowed(entry: { create?: boolean; templates?: boolean }, role: Role): boolean {
  if (entry.create && !shellVisibility(role).createEntries) return false;
  if (entry.templates && role === "DEMO") return false; // shell.md 6: demo users see no strategy template links
  return true;
}

/** A group as a role sees it: Create entries and template links removed where shell.md 6 says so. */
export function groupFor(group: MenuGroup, role: Role): MenuGroup {
  return { ...group, links: group.links.filter((l) => allowed(l, role)), lists: group.lists.filter((l) => allowed(l, role)) };
}

export function menuGroups(catalog: EntityCatalog, role: Role, layout: "desktop" | "handset"): MenuGroup[] {
  return resolveMenuGroups(catalog)
    .filter((g) => g[layout])
    .map((g) => groupFor(g, role));
}
