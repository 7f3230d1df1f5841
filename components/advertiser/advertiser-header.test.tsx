/**
 * @jest-environment jsdom
 */
// The advertiser details header: the Image Library link is there for every
// role that can open the advertiser (shell.md 6), while Edit follows the role.
import { render, screen } from "@testing-library/react";
import type { Role } from "@/lib/auth/roles";
import { AdvertiserHeader, type AdvertiserHeaderData } from "./advertiser-header";

// The status actions have their own test (and pull in server actions): a stub here.
jest.mock("./advertiser-status-actions", () => ({ AdvertiserStatusActions: () => null }));

const ADVERTISER: AdvertiserHeaderData = { id: 7, name: "Acme Shoes", domain: "acme.com", active: true, isArchived: false, logoUrl: null };

test.each<[Role, boolean]>([
  ["RW", false],
  ["RO", false],
  ["DEMO", false],
  ["RW", true],
])("%s (archived: %s) gets the Image Library link to the advertiser's images", (role, isArchived) => {
  render(<AdvertiserHeader advertiser={{ ...ADVERTISER, isArchived, active: !isArchived }} role={role} />);
  const link = screen.getByRole("link", { name: "Image Library" });
  expect(link.getAttribute("href")).toBe("/advertiser/details/7/images");
});

test("only RW on a live advertiser gets Edit as a link; others get it disabled", () => {
  render(<AdvertiserHeader advertiser={ADVERTISER} role="RW" />);
  expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe("/advertiser/create/7");
  document.body.innerHTML = "";
  render(<AdvertiserHeader advertiser={ADVERTISER} role="RO" />);
  expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  expect((screen.getByRole("button", { name: "Edit" }) as HTMLButtonElement).disabled).toBe(true);
});
