/**
 * @jest-environment jsdom
 */
// The CLICK DESTINATIONS tab as the user meets it: the empty state, the
// dialog's messages beside the fields, the confirmation titled 'Warning', and
// what RO and DEMO users get.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import {
  createClickDestinationAction,
  setClickDestinationActiveAction,
  updateClickDestinationAction,
} from "@/lib/click-destinations/actions";
import { mmpParameters } from "@/lib/click-destinations/mmp";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import type { ListView, WriteControls } from "@/lib/list/types";
import { ClickDestinationsView } from "./click-destinations-view";

jest.mock("@/lib/click-destinations/actions", () => ({
  createClickDestinationAction: jest.fn(),
  updateClickDestinationAction: jest.fn(),
  setClickDestinationActiveAction: jest.fn(),
}));
// The list's bulk action is not used here: click destinations change status one row at a time.
jest.mock("@/lib/entities/actions", () => ({ setActiveInBulkAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }), usePathname: () => "/advertiser/details/7/clickdestinations" }));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number } | null) => !!r && !r.ok && r.status === 401 }));
const create = createClickDestinationAction as jest.MockedFunction<typeof createClickDestinationAction>;
const update = updateClickDestinationAction as jest.MockedFunction<typeof updateClickDestinationAction>;
const setActive = setClickDestinationActiveAction as jest.MockedFunction<typeof setClickDestinationActiveAction>;

const MMP = { mmp: "AppsFlyer", parameters: [...mmpParameters("AppsFlyer")], known: true };
const ROW: ClickDestinationRow = {
  id: 5,
  advertiserId: 7,
  name: "Tracker",
  url: "https://app.appsflyer.com/x",
  mmpParams: [{ key: "pid", value: "dsp" }, { key: "custom", value: "1" }],
  active: true,
  createdAt: "2030-01-01T00:00:00.000Z",
  version: 2,
};

/** The tab's list as the server hands it over (lib/entities/lists.ts loadListView for "click_destination"). */
function listOf(rows: ClickDestinationRow[], mode: WriteControls): ListView {
  const column = (id: string, header: string, kind: "status" | "text" | "number", testId?: string) => ({
    id,
    header,
    kind,
    sortable: id !== "mmpParams",
    sortDescFirst: false,
    ...(testId ? { testId } : {}),
  });
  return {
    entity: "click_destination",
    names: { singular: "click destination", plural: "click destinations" },
    emptyText: "No Click Destinations for the selected Advertiser",
    testId: "click-destination",
    selectable: false,
    totals: null,
    columns: [
      column("name", "Name", "text", "cd-row-name"),
      column("id", "ID", "number"),
      column("url", "URL", "text"),
      column("mmpParams", "MMP Parameters", "text", "cd-row-params"),
      column("active", "Status", "status"),
    ],
    rows: rows.map((r) => ({
      id: r.id,
      active: r.active,
      href: null,
      cells: { name: r.name, id: String(r.id), url: r.url, mmpParams: "pid=dsp, custom=1", active: r.active ? "Active" : "Inactive" },
      data: r,
    })),
    total: rows.length,
    state: { page: 1, size: 20, sort: null, q: "", status: "all", advertiserId: null, campaignId: null },
    scope: { advertiserId: 7 },
    defaultSize: 20,
    pageSizes: [5, 10, 20, 25, 100],
    range: { from: "2030-01-01", to: "2030-01-31", timezoneName: "UTC" },
    filters: { advertisers: null, campaigns: null },
    writeControls: mode,
  };
}

function show(rows: ClickDestinationRow[], mode: WriteControls = "enabled") {
  render(<ClickDestinationsView advertiserId={7} view={listOf(rows, mode)} mmp={MMP} />);
}

beforeEach(() => {
  jest.clearAllMocks();
});

test("an advertiser without destinations shows the spec's empty text", () => {
  show([]);
  expect(screen.getByTestId("empty-state").textContent).toBe("No Click Destinations for the selected Advertiser");
});

test("the new-destination form shows messages beside the fields, then creates", async () => {
  create.mockResolvedValue({ ok: true, data: { id: 9 } });
  show([ROW]);
  fireEvent.click(screen.getByTestId("new-click-destination"));
  const dialog = within(screen.getByTestId("click-destination-dialog"));
  fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: "ftp://x.com" } });
  fireEvent.click(dialog.getByTestId("cd-save"));
  expect((await dialog.findByTestId("cd-name-error")).textContent).toBe("Name is required");
  expect(dialog.getByTestId("cd-url-error").textContent).toBe("Enter a valid URL starting with http:// or https://");
  expect(dialog.getByTestId("cd-param-0-value-error").textContent).toBe("Media source (pid) is required for AppsFlyer");
  expect(create).not.toHaveBeenCalled();

  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "New link" } });
  fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: "https://x.com/a" } });
  fireEvent.change(dialog.getByLabelText(/Media source/), { target: { value: "dsp" } });
  fireEvent.click(dialog.getByTestId("cd-save"));
  await waitFor(() => expect(create).toHaveBeenCalledWith({ advertiserId: 7, name: "New link", url: "https://x.com/a", mmpParams: [{ key: "pid", value: "dsp" }], idempotencyKey: expect.any(String) }));
  expect((await screen.findByTestId("cd-message")).textContent).toBe("Click destination created");
  expect(refresh).toHaveBeenCalled();
});

test("edit keeps other parameters as key/value rows and sends the version", async () => {
  update.mockResolvedValue({ ok: true, data: { id: 5, version: 3, changed: true } });
  show([ROW]);
  fireEvent.click(screen.getByTestId("cd-edit"));
  const dialog = within(screen.getByTestId("click-destination-dialog"));
  expect((dialog.getByLabelText(/Media source/) as HTMLInputElement).value).toBe("dsp");
  const customKey = dialog.getAllByLabelText(/Parameter \d+ key/);
  expect(customKey.map((i) => (i as HTMLInputElement).value)).toEqual(["custom"]);
  fireEvent.click(dialog.getByTestId("cd-save"));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith({ advertiserId: 7, id: 5, version: 2, name: "Tracker", url: "https://app.appsflyer.com/x", mmpParams: ROW.mmpParams }),
  );
});

test("deactivate asks first under the title 'Warning'", async () => {
  setActive.mockResolvedValue({ ok: true, data: { id: 5, active: false } });
  show([ROW]);
  fireEvent.click(screen.getByTestId("cd-deactivate"));
  const confirm = within(screen.getByTestId("confirm-dialog"));
  expect(confirm.getByText("Warning")).toBeTruthy();
  fireEvent.click(confirm.getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(setActive).toHaveBeenCalledWith({ advertiserId: 7, id: 5, active: false }));
  expect((await screen.findByTestId("cd-message")).textContent).toBe("Successfully de-activated click destination");
});

test("RO users get no write controls; DEMO users get them disabled", () => {
  show([ROW], "hidden");
  expect(screen.queryByTestId("new-click-destination")).toBeNull();
  expect(screen.queryByRole("columnheader", { name: "Action" })).toBeNull();
  expect(screen.queryByTestId("cd-edit")).toBeNull();
  document.body.innerHTML = "";

  show([ROW], "disabled");
  expect((screen.getByTestId("new-click-destination") as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByTestId("cd-edit") as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByTestId("cd-deactivate") as HTMLButtonElement).disabled).toBe(true);
});
