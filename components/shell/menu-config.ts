// The navigation menu of shell.md 2.6: groups, their routes, and the side
// lists of recent items (one per menu name) with their 'See all ...' links.
import type { Role } from "@/lib/auth/roles";
import { shellVisibility } from "@/lib/auth/roles";
import type { MenuName } from "@/lib/menu/types";

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
  menu: MenuName;
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

const under =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((p) => pathname === p || pathname.startsWith(p + "/") || pathname.startsWith(p + "?"));

const isSliceX = under("/report/slicex");

export const MENU_GROUPS: MenuGroup[] = [
  { key: "home", label: "Home", href: "/home", links: [], lists: [], matches: under("/home"), handset: true, desktop: true },
  {
    key: "advertisers",
    label: "Advertisers",
    links: [
      { label: "Advertisers", href: "/advertiser" },
      { label: "Create Advertiser", href: "/advertiser/create", create: true },
    ],
    lists: [
      { menu: "advertiser", title: "Recent Advertisers", seeAll: { label: "See all Advertisers", href: "/advertiser" }, emptyText: "No Advertiser found." },
    ],
    matches: under("/advertiser"),
    handset: true,
    desktop: true,
  },
  {
    key: "campaigns",
    label: "Campaigns",
    links: [
      { label: "Campaigns", href: "/campaign" },
      { label: "Create Campaign", href: "/campaign/create", create: true },
      { label: "Strategies", href: "/strategy" },
      { label: "Create Strategy", href: "/strategy/create", create: true },
      { label: "Strategy Templates", href: "/strategy/templates", templates: true },
    ],
    lists: [
      { menu: "campaign", title: "Recent Campaigns", seeAll: { label: "See all Campaigns", href: "/campaign" }, emptyText: "No Campaign found." },
      { menu: "strategy", title: "Recent Strategies", seeAll: { label: "See all Strategies", href: "/strategy" }, emptyText: "No Strategy found." },
      {
        menu: "strategy_template",
        title: "Recent Strategy Templates",
        seeAll: { label: "See all Strategy Templates", href: "/strategy/templates" },
        emptyText: "No strategy template found.",
        templates: true,
      },
    ],
    matches: under("/campaign", "/strategy"),
    handset: true,
    desktop: true,
  },
  {
    key: "creative-sets",
    label: "Creative Sets",
    links: [
      { label: "Creative Sets", href: "/creative_set" },
      { label: "Create Creative Set", href: "/creative_set/create", create: true },
    ],
    lists: [
      {
        menu: "creative_sets",
        title: "Recent Creative Sets",
        seeAll: { label: "See all Creative Sets", href: "/creative_set" },
        emptyText: "No Result Found",
        newTab: true,
      },
    ],
    matches: under("/creative_set", "/creative"),
    handset: false,
    desktop: true,
  },
  {
    key: "audience",
    label: "Audience",
    links: [
      { label: "App Audiences", href: "/audience?type=app" },
      { label: "Look-alike Audiences", href: "/audience?type=lal" },
      { label: "Create Audience", href: "/audience/create", create: true },
      { label: "Conversion Estimator", href: "/audience/analysis", newTab: true },
    ],
    lists: [
      {
        menu: "app_audience",
        title: "Recent App Audiences",
        seeAll: { label: "See all App Audiences", href: "/audience?type=app" },
        emptyText: "No Result Found",
        newTab: true,
      },
      {
        menu: "lal_audience",
        title: "Recent Look-alike Audiences",
        seeAll: { label: "See all Look-alike Audiences", href: "/audience?type=lal" },
        emptyText: "No Result Found",
        newTab: true,
      },
    ],
    matches: under("/audience"),
    handset: false,
    desktop: true,
  },
  {
    key: "reports",
    label: "Reports",
    links: [
      { label: "Advanced", href: "/report/advanced" },
      { label: "Conversion", href: "/report/conversion" },
      { label: "Video Creatives", href: "/report/video" },
      { label: "Inventory", href: "/report/inventory" },
      { label: "Loss Bids", href: "/report/lossbid" },
      { label: "Report Templates and Scheduling", href: "/report/schedule/list" },
    ],
    lists: [],
    matches: (p) => under("/report")(p) && !isSliceX(p),
    handset: false,
    desktop: true,
  },
  {
    key: "slicex",
    label: "SliceX",
    links: [
      { label: "General Analysis", href: "/report/slicex/revenue" },
      { label: "Business Report", href: "/report/slicex/business-report" },
    ],
    lists: [],
    matches: isSliceX,
    handset: false,
    desktop: true,
  },
  {
    key: "experiments",
    label: "Experiments",
    links: [
      { label: "Experiment", href: "/experiment" },
      { label: "Experiments List", href: "/experiments" },
    ],
    lists: [],
    matches: under("/experiment", "/experiments"),
    handset: false,
    desktop: true,
  },
  // shell.md 2.6: a Strategy entry that only handsets show.
  { key: "strategy", label: "Strategy", href: "/strategy", links: [], lists: [], matches: under("/strategy"), handset: true, desktop: false },
];

function allowed(entry: { create?: boolean; templates?: boolean }, role: Role): boolean {
  if (entry.create && !shellVisibility(role).createEntries) return false;
  if (entry.templates && role === "DEMO") return false; // shell.md 6: demo users see no strategy template links
  return true;
}

/** A group as a role sees it: Create entries and template links removed where shell.md 6 says so. */
export function groupFor(group: MenuGroup, role: Role): MenuGroup {
  return { ...group, links: group.links.filter((l) => allowed(l, role)), lists: group.lists.filter((l) => allowed(l, role)) };
}

export function menuGroups(role: Role, layout: "desktop" | "handset"): MenuGroup[] {
  return MENU_GROUPS.filter((g) => g[layout]).map((g) => groupFor(g, role));
}
