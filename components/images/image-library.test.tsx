/**
 * @jest-environment jsdom
 */
// The library panel as a user meets it: role rules for Upload and Delete, the
// confirmation text, the search pause, the empty state and picking.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ImageLibrary } from "./image-library";
import { deleteImagesAction, listImagesAction } from "@/lib/images/actions";
import { logoItemsOf } from "@/tests/helpers/image-items";

jest.mock("@/lib/images/actions", () => ({
  listImagesAction: jest.fn(),
  deleteImagesAction: jest.fn(),
  addImagesAction: jest.fn(),
  discardUploadsAction: jest.fn(),
}));
const deleteMock = deleteImagesAction as jest.MockedFunction<typeof deleteImagesAction>;
const listMock = listImagesAction as jest.MockedFunction<typeof listImagesAction>;

const img = logoItemsOf(9);
const IMAGES = [img(1, "default-logo.svg", { key: "DEFAULT_LOGO", isDefault: true }), img(2, "summer.png"), img(3, "winter.png")];
const tile = (name: string) => screen.getAllByTestId("image-tile").find((t) => t.getAttribute("data-name") === name)!;

beforeEach(() => {
  deleteMock.mockReset();
  listMock.mockReset();
});

test("RW: Delete appears for a selection without the default logo and asks the spec's confirmation", async () => {
  render(<ImageLibrary advertiserId={9} kind="LOGO" canWrite role="RW" initialImages={IMAGES} />);
  expect(screen.getByRole("button", { name: "Upload" })).toBeEnabled();
  expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();

  fireEvent.click(tile("default-logo.svg")); // never selectable for deletion
  expect(tile("default-logo.svg").getAttribute("aria-pressed")).toBe("false");
  fireEvent.click(tile("summer.png"));
  fireEvent.click(tile("winter.png"));
  expect(within(tile("summer.png")).getByTestId("image-check")).toBeTruthy();

  deleteMock.mockResolvedValue({ ok: true, data: { ids: [2, 3] } });
  fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  const confirm = screen.getByTestId("confirm-dialog");
  expect(within(confirm).getByText("Warning")).toBeTruthy();
  expect(within(confirm).getByText("You are about the delete 2 logo(s). Are you sure you want to continue ?")).toBeTruthy();
  fireEvent.click(within(confirm).getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(screen.getAllByTestId("image-tile")).toHaveLength(1));
  expect(deleteMock).toHaveBeenCalledWith({ advertiserId: 9, kind: "LOGO", ids: [2, 3] });
  expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
});

test("RO sees no Upload or Delete; DEMO sees them disabled", () => {
  const { unmount } = render(<ImageLibrary advertiserId={9} kind="LOGO" canWrite={false} role="RO" initialImages={IMAGES} />);
  fireEvent.click(tile("summer.png"));
  expect(screen.queryByRole("button", { name: "Upload" })).toBeNull();
  expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  unmount();
  render(<ImageLibrary advertiserId={9} kind="LOGO" canWrite={false} role="DEMO" initialImages={IMAGES} />);
  expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
  fireEvent.click(tile("summer.png"));
  expect(screen.getByRole("button", { name: "Delete" })).toBeDisabled();
});

test("search waits 500 ms and needs 2 characters; an empty result shows the spec's text", () => {
  jest.useFakeTimers();
  try {
    render(<ImageLibrary advertiserId={9} kind="LOGO" canWrite role="RW" initialImages={IMAGES} />);
    const box = screen.getByRole("searchbox", { name: "Search logos" });
    fireEvent.change(box, { target: { value: "w" } });
    act(() => jest.advanceTimersByTime(600));
    expect(screen.getAllByTestId("image-tile")).toHaveLength(3);
    fireEvent.change(box, { target: { value: "WI" } });
    act(() => jest.advanceTimersByTime(400));
    expect(screen.getAllByTestId("image-tile")).toHaveLength(3);
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getAllByTestId("image-tile").map((t) => t.getAttribute("data-name"))).toEqual(["winter.png"]);
    fireEvent.change(box, { target: { value: "zz" } });
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByText("No data available to display")).toBeTruthy();
  } finally {
    jest.useRealTimers();
  }
});

test("picking: single mode keeps one; already-chosen URLs are selected and not clickable; onSelect reports", async () => {
  listMock.mockResolvedValue({ ok: true, data: IMAGES });
  const onSelect = jest.fn();
  render(<ImageLibrary advertiserId={9} kind="LOGO" canWrite role="RW" selectable="single" selectedUrls={[IMAGES[2].url]} onSelect={onSelect} />);
  await waitFor(() => expect(screen.getAllByTestId("image-tile")).toHaveLength(3)); // loaded by the panel itself
  expect(listMock).toHaveBeenCalledWith({ advertiserId: 9, kind: "LOGO" });
  expect(tile("winter.png").getAttribute("aria-pressed")).toBe("true");
  fireEvent.click(tile("winter.png"));
  expect(onSelect).not.toHaveBeenCalled();
  fireEvent.click(tile("default-logo.svg"));
  fireEvent.click(tile("summer.png"));
  expect(onSelect).toHaveBeenLastCalledWith([IMAGES[1]]);
  expect(tile("default-logo.svg").getAttribute("aria-pressed")).toBe("false");
});
