/**
 * @jest-environment jsdom
 */
// The menus' recent lists are cached until the page changes (shell.md 2.6),
// but a status change or archive invalidates them (business.md 4: "on
// success the menu cache is invalidated"): the next opening of a menu asks
// the server again and shows the new status dot.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AdvertiserStatusActions } from "@/components/advertiser/advertiser-status-actions";
import { ListStatusBar, ListStatusConfirm, useListStatusActions } from "@/components/list/list-status-actions";
import { setAdvertiserActiveAction } from "@/lib/advertisers/actions";
import { archiveAdvertiserAction, loadMenusAction } from "@/lib/entities/actions";
import type { MenuList } from "@/lib/menu/types";
import type { ActionResult } from "@/lib/actions/result";
import { MenuDataProvider } from "./menu-data";
import { NavMenu } from "./nav-menu";
import { withEntityCatalog } from "../../tests/helpers/entity-catalog";

jest.mock("next/navigation", () => ({ usePathname: () => "/advertiser/details/7", useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock("@/lib/entities/actions", () => ({ loadMenusAction: jest.fn(), searchMenuAction: jest.fn(), archiveAdvertiserAction: jest.fn() }));
jest.mock("@/lib/advertisers/actions", () => ({ setAdvertiserActiveAction: jest.fn() }));
jest.mock("@/lib/account/actions", () => ({ endSessionAction: jest.fn(), endAllSessionsAction: jest.fn() }));

const loadMenus = jest.mocked(loadMenusAction);
const setActive = jest.mocked(setAdvertiserActiveAction);
const archive = jest.mocked(archiveAdvertiserAction);
type Answer = ActionResult<MenuList[]>;

/** The server's advertiser menu: one advertiser, 'Acme', active or not. */
const advertiserMenu = (active: boolean): Answer => ({
  ok: true,
  data: [{ menuName: "advertiser", menuList: [{ id: 7, name: "Acme", active }] }],
});

function openAdvertisersMenu() {
  fireEvent.click(screen.getByTestId("nav-group-advertisers"));
  return screen.getByTestId("menu-list-advertiser");
}
function closeMenu() {
  fireEvent.click(screen.getByTestId("nav-group-advertisers"));
}
async function acmeDot(list: HTMLElement) {
  const item = await within(list).findByText("Acme");
  return item.closest("a")!.querySelector("[data-testid=status-dot]")!.getAttribute("aria-label");
}

/** The console frame: the side menu beside a page with the advertiser's status buttons. */
function showAdvertiserPage({ active }: { active: boolean }) {
  render(
    withEntityCatalog(
      <MenuDataProvider>
        <NavMenu role="RW" />
        <AdvertiserStatusActions advertiserId={7} active={active} archived={false} disabled={false} />
      </MenuDataProvider>,
    ),
  );
}

async function confirmAction(testId: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
  await screen.findByTestId("advertiser-status-message");
}

beforeEach(() => jest.clearAllMocks());

test("a menu once loaded is not asked for again on the same page", async () => {
  loadMenus.mockResolvedValue(advertiserMenu(true));
  showAdvertiserPage({ active: true });
  expect(await acmeDot(openAdvertisersMenu())).toBe("Active");
  closeMenu();
  expect(await acmeDot(openAdvertisersMenu())).toBe("Active");
  expect(loadMenus).toHaveBeenCalledTimes(1);
});

test("after a successful deactivation the next opening asks again and shows the new status", async () => {
  loadMenus.mockResolvedValueOnce(advertiserMenu(true)).mockResolvedValueOnce(advertiserMenu(false));
  setActive.mockResolvedValue({ ok: true, data: {} } as Awaited<ReturnType<typeof setAdvertiserActiveAction>>);
  showAdvertiserPage({ active: true });
  expect(await acmeDot(openAdvertisersMenu())).toBe("Active");
  closeMenu();

  await confirmAction("advertiser-deactivate");
  expect(await acmeDot(openAdvertisersMenu())).toBe("Inactive");
  expect(loadMenus).toHaveBeenCalledTimes(2);
});

test("an archive invalidates the menus too", async () => {
  loadMenus.mockResolvedValueOnce(advertiserMenu(false)).mockResolvedValueOnce({ ok: true, data: [{ menuName: "advertiser", menuList: [] }] });
  archive.mockResolvedValue({ ok: true, data: {} } as Awaited<ReturnType<typeof archiveAdvertiserAction>>);
  showAdvertiserPage({ active: false });
  await acmeDot(openAdvertisersMenu());
  closeMenu();

  await confirmAction("advertiser-archive");
  const list = openAdvertisersMenu();
  expect((await within(list).findByTestId("menu-empty")).textContent).toBe("No Advertiser found.");
});

test("a failed status change keeps the cached menu", async () => {
  loadMenus.mockResolvedValue(advertiserMenu(true));
  setActive.mockResolvedValue({ ok: false, status: 500, formError: "Server error, Please try after sometime" });
  showAdvertiserPage({ active: true });
  await acmeDot(openAdvertisersMenu());
  closeMenu();

  await confirmAction("advertiser-deactivate");
  await acmeDot(openAdvertisersMenu());
  expect(loadMenus).toHaveBeenCalledTimes(1);
});

/** A dashboard list's row action (the bulk bar runs the same code). */
function AdvertiserRows({ setActiveRows }: { setActiveRows: (ids: number[], active: boolean) => Promise<ActionResult<{ total: number }>> }) {
  const actions = useListStatusActions({
    rows: [{ id: 7, active: true }],
    names: { singular: "advertiser", plural: "advertisers" },
    setActive: setActiveRows,
    refresh: () => {},
  });
  return (
    <>
      <ListStatusBar actions={actions} writeControls="enabled" />
      <button type="button" onClick={() => actions.askRowAction([7], false)}>
        Deactivate row
      </button>
      <ListStatusConfirm actions={actions} />
    </>
  );
}

test("a successful list status change invalidates the menus", async () => {
  loadMenus.mockResolvedValueOnce(advertiserMenu(true)).mockResolvedValueOnce(advertiserMenu(false));
  const setActiveRows = jest.fn(async () => ({ ok: true as const, data: { total: 1 } }));
  render(
    withEntityCatalog(
      <MenuDataProvider>
        <NavMenu role="RW" />
        <AdvertiserRows setActiveRows={setActiveRows} />
      </MenuDataProvider>,
    ),
  );
  expect(await acmeDot(openAdvertisersMenu())).toBe("Active");
  closeMenu();

  fireEvent.click(screen.getByRole("button", { name: "Deactivate row" }));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(setActiveRows).toHaveBeenCalledWith([7], false));
  await screen.findByText(/Successfully de-activated/);
  expect(await acmeDot(openAdvertisersMenu())).toBe("Inactive");
  expect(loadMenus).toHaveBeenCalledTimes(2);
});

test("an answer to a load started before the invalidation is not shown", async () => {
  let answerFirst!: (a: Answer) => void;
  loadMenus
    .mockImplementationOnce(() => new Promise<Answer>((resolve) => (answerFirst = resolve)))
    .mockResolvedValueOnce(advertiserMenu(false));
  setActive.mockResolvedValue({ ok: true, data: {} } as Awaited<ReturnType<typeof setAdvertiserActiveAction>>);
  showAdvertiserPage({ active: true });
  openAdvertisersMenu(); // loading...
  closeMenu();

  await confirmAction("advertiser-deactivate");
  await act(async () => answerFirst(advertiserMenu(true))); // the old answer arrives late
  expect(await acmeDot(openAdvertisersMenu())).toBe("Inactive");
  expect(loadMenus).toHaveBeenCalledTimes(2);
});
