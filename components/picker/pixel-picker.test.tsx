/**
 * @jest-environment jsdom
 */
// The pixel picker (shell.md 2.8): 'Select Pixel' over the advertiser's pixels;
// 'Add a new Pixel' opens the pixel form dialog over it, and the pixel saved
// there comes back listed and selected; Done then hands it to the caller.
import { useState } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { searchPickerAction } from "@/lib/entities/actions";
import type { MenuItem, PickerQuery } from "@/lib/menu/types";
import { createPixelAction } from "@/lib/pixels/actions";
import { PixelPicker } from "./pixel-picker";

jest.mock("@/lib/entities/actions", () => ({ searchPickerAction: jest.fn() }));
jest.mock("@/lib/pixels/actions", () => ({ createPixelAction: jest.fn(), updatePixelAction: jest.fn() }));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }), usePathname: () => "/strategy/create" }));

const search = searchPickerAction as jest.MockedFunction<typeof searchPickerAction>;
const create = createPixelAction as jest.MockedFunction<typeof createPixelAction>;

/** The advertiser's pixels on the "server"; a created pixel is added here. */
let pixels: MenuItem[];
beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => {
  jest.clearAllMocks();
  pixels = Array.from({ length: 7 }, (_, i) => ({ id: 20 + i, name: `Pixel ${String.fromCharCode(65 + i)}`, active: true }));
  search.mockImplementation(async ({ query: q }: { query: PickerQuery }) => {
    const hits = pixels.filter((p) => p.name.toLowerCase().includes((q.search ?? "").toLowerCase())).sort((a, b) => a.name.localeCompare(b.name));
    return { ok: true, data: { rows: hits.slice((q.page - 1) * q.size, q.page * q.size), total: hits.length } };
  });
});

const onDone = jest.fn();
/** A page holding the picker: a button opens it, Done or Cancel closes it. */
function Host(props: Partial<Parameters<typeof PixelPicker>[0]>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose pixel
      </button>
      <PixelPicker open={open} onOpenChange={setOpen} advertiserId={7} onDone={onDone} {...props} />
    </>
  );
}
function show(props: Partial<Parameters<typeof PixelPicker>[0]> = {}) {
  return render(<Host {...props} />);
}
const picker = () => within(screen.getByTestId("entity-picker"));
const rowNames = () => screen.queryAllByTestId("picker-row").map((r) => within(r).getAllByRole("cell")[1].textContent);

test("lists the advertiser's pixels under 'Select Pixel' and warns on Done without a choice", async () => {
  show();
  expect(picker().getByRole("heading").textContent).toBe("Select Pixel");
  await waitFor(() => expect(rowNames()).toEqual(["Pixel A", "Pixel B", "Pixel C", "Pixel D", "Pixel E"]));
  expect(search).toHaveBeenCalledWith({ entity: "pixel", query: { search: "", page: 1, size: 5 }, parents: { advertiserId: 7 } });
  fireEvent.click(picker().getByRole("button", { name: "Done" }));
  expect(picker().getByRole("alert").textContent).toBe("Please select one of the Pixel to continue.");
  expect(onDone).not.toHaveBeenCalled();
});

test("'Add a new Pixel' opens the pixel form dialog over the picker; the new pixel is then listed and selected", async () => {
  create.mockImplementation(async (input) => {
    const pixel = { id: 99, name: (input as { name: string }).name, active: true };
    pixels.push(pixel);
    return { ok: true, data: { id: pixel.id, name: pixel.name } };
  });
  show();
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  expect(screen.queryByTestId("pixel-form-dialog")).toBeNull();

  fireEvent.click(picker().getByRole("button", { name: "Add a new Pixel" }));
  const dialog = within(screen.getByTestId("pixel-form-dialog"));
  expect(dialog.getByRole("heading", { name: "New Conversion Tracker" })).toBeTruthy();
  expect(screen.getByTestId("entity-picker")).toBeTruthy(); // still open beneath

  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "Zeta checkout" } });
  fireEvent.change(dialog.getByLabelText(/^Type/), { target: { value: "VIEW_CONV" } });
  fireEvent.click(dialog.getByTestId("pixel-save"));
  // Sorted by name it would be on page 2: the picker searches for it instead.
  await waitFor(() => expect(rowNames()).toEqual(["Zeta checkout"]));
  expect(screen.queryByTestId("pixel-form-dialog")).toBeNull();
  expect(create).toHaveBeenCalledWith(expect.objectContaining({ advertiserId: 7, name: "Zeta checkout", type: "VIEW_CONV" }));
  expect((picker().getByTestId("picker-search") as HTMLInputElement).value).toBe("Zeta checkout");
  expect((picker().getByRole("radio", { name: "Zeta checkout" }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(picker().getByRole("button", { name: "Done" }));
  expect(onDone).toHaveBeenCalledWith({ id: 99, name: "Zeta checkout", active: true });
  expect(screen.queryByTestId("entity-picker")).toBeNull();

  // The next opening starts from the full list, the new pixel on its page by name.
  fireEvent.click(screen.getByRole("button", { name: "Choose pixel" }));
  await waitFor(() => expect(rowNames()).toEqual(["Pixel A", "Pixel B", "Pixel C", "Pixel D", "Pixel E"]));
  expect((picker().getByTestId("picker-search") as HTMLInputElement).value).toBe("");
});

test("Cancel in the pixel form dialog leaves the picker as it was", async () => {
  show();
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  fireEvent.click(picker().getByRole("radio", { name: "Pixel C" }));
  fireEvent.click(picker().getByRole("button", { name: "Add a new Pixel" }));
  fireEvent.click(within(screen.getByTestId("pixel-form-dialog")).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByTestId("pixel-form-dialog")).toBeNull());
  expect((picker().getByRole("radio", { name: "Pixel C" }) as HTMLInputElement).checked).toBe(true);
  expect(create).not.toHaveBeenCalled();
});

test("demo users see the link disabled, read-only users do not see it", async () => {
  const { unmount } = show({ createMode: "disabled" });
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  const link = picker().getByRole("button", { name: "Add a new Pixel" }) as HTMLButtonElement;
  expect(link.disabled).toBe(true);
  fireEvent.click(link);
  expect(screen.queryByTestId("pixel-form-dialog")).toBeNull();
  unmount();
  show({ createMode: "hidden" });
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  expect(picker().queryByRole("button", { name: "Add a new Pixel" })).toBeNull();
});
