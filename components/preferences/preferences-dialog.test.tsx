/**
 * @jest-environment jsdom
 */
// Deleting presets in the Account Preferences dialog as the user meets it
// (shell.md 2.12, 5, 8, 9): Delete on the applied preset shows "You can't
// delete a preference that is selected" for 3 seconds and asks nothing; Delete
// on another custom preset asks first and then deletes it.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { deletePresetAction, loadPreferencesAction } from "@/lib/preferences/actions";
import type { PreferencesData } from "@/lib/preferences/list";
import type { PresetView } from "@/lib/preferences/mutations";
import { PreferencesDialog } from "./preferences-dialog";

jest.mock("@/lib/preferences/actions", () => ({
  applyPresetAction: jest.fn(),
  createPresetAction: jest.fn(),
  deletePresetAction: jest.fn(),
  loadPreferencesAction: jest.fn(),
  updatePresetAction: jest.fn(),
}));
jest.mock("@/lib/account/actions", () => ({ endSessionAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));

const load = loadPreferencesAction as jest.MockedFunction<typeof loadPreferencesAction>;
const remove = deletePresetAction as jest.MockedFunction<typeof deletePresetAction>;

const SELECTED_MESSAGE = "You can't delete a preference that is selected";

function preset(id: number, name: string, custom: boolean, selected: boolean): PresetView {
  return { id, name, custom, selected, rowLimit: 20, timezoneId: 805, columns: ["impressions"], version: 1 };
}
const SYSTEM = preset(1, "Default", false, false);
const APPLIED = preset(11, "My Applied", true, true);
const OTHER = preset(12, "Other Preset", true, false);

function data(presets: PresetView[]): { ok: true; data: PreferencesData } {
  return { ok: true, data: { presets, rowLimits: [20, 50], timezones: [{ id: 805, name: "UTC" }], canEdit: true } };
}

const card = (name: string) => within(screen.getByText(name, { selector: "span" }).closest("li")!);
const alertText = () => screen.queryByTestId("preferences-error")?.textContent ?? null;

async function openDialog() {
  render(<PreferencesDialog role="RW" onClose={jest.fn()} />);
  await waitFor(() => expect(screen.getByText("Other Preset")).toBeTruthy());
  await waitFor(() => expect(screen.queryByText("Please wait...")).toBeNull());
}

beforeEach(() => {
  load.mockReset().mockResolvedValue(data([SYSTEM, APPLIED, OTHER]));
  remove.mockReset();
});

test("only custom presets have Delete; the applied one is marked Applied", async () => {
  await openDialog();
  expect(card("Default").queryByRole("button", { name: "Delete" })).toBeNull();
  expect(card("My Applied").getByText("Applied")).toBeTruthy();
  expect(card("Other Preset").getByRole("button", { name: "Delete" })).toBeTruthy();
});

test("Delete on the selected preset shows the message for 3000 ms, asks nothing and deletes nothing", async () => {
  jest.useFakeTimers();
  try {
    await openDialog();
    fireEvent.click(card("My Applied").getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("alert").textContent).toBe(SELECTED_MESSAGE);
    expect(screen.queryByTestId("confirm-dialog")).toBeNull();

    act(() => jest.advanceTimersByTime(2999));
    expect(alertText()).toBe(SELECTED_MESSAGE);
    act(() => jest.advanceTimersByTime(1));
    expect(alertText()).toBeNull();

    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText("My Applied")).toBeTruthy(); // still listed
  } finally {
    jest.useRealTimers();
  }
});

test("Delete on another custom preset asks, then deletes it and reloads the list", async () => {
  await openDialog();
  fireEvent.click(card("Other Preset").getByRole("button", { name: "Delete" }));
  const confirm = within(screen.getByTestId("confirm-dialog"));
  expect(confirm.getByText("Are you sure you want to delete the preference Other Preset?")).toBeTruthy();
  expect(remove).not.toHaveBeenCalled(); // nothing happens before the answer

  remove.mockResolvedValue({ ok: true, data: null });
  load.mockResolvedValue(data([SYSTEM, APPLIED]));
  fireEvent.click(confirm.getByRole("button", { name: "Yes" }));

  await waitFor(() => expect(screen.queryByText("Other Preset")).toBeNull());
  expect(remove).toHaveBeenCalledTimes(1);
  expect(remove).toHaveBeenCalledWith({ id: 12 });
  expect(screen.queryByTestId("confirm-dialog")).toBeNull();
  expect(alertText()).toBeNull();
  expect(screen.getByText("My Applied")).toBeTruthy();
});

test("Cancel in the question keeps the preset and calls nothing", async () => {
  await openDialog();
  fireEvent.click(card("Other Preset").getByRole("button", { name: "Delete" }));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
  expect(remove).not.toHaveBeenCalled();
  expect(screen.getByText("Other Preset")).toBeTruthy();
});

test("the server's refusal (preset applied meanwhile, e.g. in another tab) shows the same message for 3000 ms", async () => {
  jest.useFakeTimers();
  try {
    await openDialog();
    fireEvent.click(card("Other Preset").getByRole("button", { name: "Delete" }));
    remove.mockResolvedValue({ ok: false, status: 409, formError: SELECTED_MESSAGE });
    fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(alertText()).toBe(SELECTED_MESSAGE));
    expect(remove).toHaveBeenCalledWith({ id: 12 });
    act(() => jest.advanceTimersByTime(2999));
    expect(alertText()).toBe(SELECTED_MESSAGE);
    act(() => jest.advanceTimersByTime(1));
    expect(alertText()).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});
