/**
 * @jest-environment jsdom
 */
// The upload modal: Save waits for an upload, refused files are listed by
// name, a single-file modal replaces its earlier upload, Save hands over the
// saved images, Cancel discards what was not saved.
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ImageUploadModal } from "./image-upload-modal";
import { addImagesAction, discardUploadsAction } from "@/lib/images/actions";
import { sendImageUpload } from "./upload-request";

jest.mock("@/lib/images/actions", () => ({ addImagesAction: jest.fn(), discardUploadsAction: jest.fn() }));
jest.mock("./upload-request", () => ({ sendImageUpload: jest.fn() }));
const send = sendImageUpload as jest.MockedFunction<typeof sendImageUpload>;
const add = addImagesAction as jest.MockedFunction<typeof addImagesAction>;
const discard = discardUploadsAction as jest.MockedFunction<typeof discardUploadsAction>;

const pick = (...files: File[]) => fireEvent.change(screen.getByTestId("image-file-input"), { target: { files } });
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: "image/png" });
const row = (name: string) => ({ name, url: `/api/files/images/1/9/LOGO/u/${name}`, width: 300, height: 300 });

beforeEach(() => {
  send.mockReset();
  add.mockReset();
  discard.mockReset().mockResolvedValue({ ok: true, data: { deleted: 1 } });
});

function open(multiple: boolean) {
  const onSaved = jest.fn();
  const onOpenChange = jest.fn();
  render(<ImageUploadModal open advertiserId={9} kind="LOGO" multiple={multiple} onOpenChange={onOpenChange} onSaved={onSaved} />);
  return { onSaved, onOpenChange };
}

test("Save is disabled until a file is uploaded; refused files are listed by name; Save adds them", async () => {
  const { onSaved, onOpenChange } = open(true);
  expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  send.mockResolvedValue({ data: [row("a.png")], errors: [{ name: "wide.png", message: "Invalid dimensions: the image is 301x300 pixels; it must be 300x300" }] });
  pick(file("a.png"), file("wide.png"), file("big.png", 2049 * 1024), file("doc.pdf"));
  await waitFor(() => expect(screen.getAllByTestId("image-upload-preview")).toHaveLength(1));
  // The browser refuses what it can see (size, extension) without sending it.
  expect(send).toHaveBeenCalledWith(expect.objectContaining({ advertiserId: 9, kind: "LOGO", files: [expect.objectContaining({ name: "a.png" }), expect.objectContaining({ name: "wide.png" })] }));
  expect(screen.getAllByTestId("image-upload-error").map((e) => e.textContent)).toEqual([
    "big.png: File size exceeds the limit of 2048 KB",
    "doc.pdf: Unsupported file type: only .jpg, .jpeg, .png files are allowed",
    "wide.png: Invalid dimensions: the image is 301x300 pixels; it must be 300x300",
  ]);

  const saved = [{ id: 5, name: "a.png", url: row("a.png").url, key: "LOGO_LINK" as const, width: 300, height: 300, dimensions: "300X300", isDefault: false }];
  add.mockResolvedValue({ ok: true, data: saved });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  expect(add).toHaveBeenCalledWith({ advertiserId: 9, kind: "LOGO", urls: [row("a.png").url] });
  expect(onOpenChange).toHaveBeenCalledWith(false);
  expect(discard).not.toHaveBeenCalled();
});

/** Uploads one.png, then two.png once the first is shown; resolves when two.png is shown. */
async function uploadOneThenTwo() {
  send.mockResolvedValueOnce({ data: [row("one.png")], errors: [] }).mockResolvedValueOnce({ data: [row("two.png")], errors: [] });
  pick(file("one.png"));
  await screen.findByAltText("one.png");
  pick(file("two.png"));
  await screen.findByAltText("two.png");
}

test("multiple uploads add up; without multiple the earlier upload is cleared (and discarded)", async () => {
  open(false);
  await uploadOneThenTwo();
  expect(screen.queryByAltText("one.png")).toBeNull();
  expect(discard).toHaveBeenCalledWith({ advertiserId: 9, urls: [row("one.png").url] });
});

test("multiple: later uploads join earlier ones; Cancel discards them all", async () => {
  const { onOpenChange, onSaved } = open(true);
  await uploadOneThenTwo();
  expect(screen.getAllByTestId("image-upload-preview")).toHaveLength(2);
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(discard).toHaveBeenCalledWith({ advertiserId: 9, urls: [row("one.png").url, row("two.png").url] });
  expect(onOpenChange).toHaveBeenCalledWith(false);
  expect(onSaved).not.toHaveBeenCalled();
});

test("a failed upload shows the server's message", async () => {
  open(true);
  send.mockRejectedValue(new Error("Your current session has expired! Please log in again."));
  pick(file("a.png"));
  expect(await screen.findByTestId("image-upload-form-error")).toHaveTextContent("Your current session has expired! Please log in again.");
  expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
});
