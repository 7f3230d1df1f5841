// Console sections (shell.md 2.1): the first URL segment names the section.
// The menu's groups and routes are in menu-config.ts.
export const SECTION_LABELS: Record<string, string> = {
  home: "Home",
  advertiser: "Advertisers",
  campaign: "Campaigns",
  strategy: "Strategies",
  creative_set: "Creative Sets",
  creative: "Creatives",
  audience: "Audience",
  report: "Reports",
  experiment: "Experiments",
  experiments: "Experiments",
};

export function firstSegment(pathname: string): string {
  return pathname.split("/")[1] ?? "";
}
