/**
 * @jest-environment jsdom
 */
// The creative upload: one request per file with its own progress bar, the
// server's reason under a refused file's name, the accepted rows handed over
// once the batch is done, keyboard opening of the picker, the type's hint.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { CreativeUpload } from "./creative-upload";
import { sendCreativeFile, type CreativeUploadRequest } from "./upload-request";

jest.mock("./upload-request", () => ({ sendCreativeFile: jest.fn() }));
const send = sendCreativeFile as jest.MockedFunction<typeof sendCreativeFile>;

const file = (name: string) => new File([new Uint8Array(10)], name, { type: "video/mp4" });
const row = (name: string) => ({ name, filePath: `/api/files/creatives/1/9/u/${name}`, storageKey: `creatives/1/9/u/${name}`, width: 640, height: 360, mimeType: "video/mp4", sizeBytes: 10 });
const pick = (...files: File[]) => fireEvent.change(screen.getByTestId("creative-file-input"), { target: { files } });

beforeEach(() => send.mockReset());

test("each file gets its own request and progress bar; refusals are listed under the file's name; accepted rows are handed over", async () => {
  const onUploaded = jest.fn();
  let progress: ((percent: number) => void) | undefined;
  let finishFirst: (() => void) | undefined;
  send.mockImplementation((req: CreativeUploadRequest) => {
    if (req.file.name === "ok.mp4") {
      progress = req.onProgress;
      return new Promise((resolve) => (finishFirst = () => resolve({ data: [row("ok.mp4")], errors: [] })));
    }
    return Promise.resolve({ data: [], errors: [{ name: req.file.name, message: "bitrate exceeds limit: 2150 Kbps is more than 1024 Kbps" }] });
  });
  render(<CreativeUpload advertiserId={9} creativeSetType="CTV_VIDEO" onUploaded={onUploaded} />);
  expect(screen.getByText("MP4 up to 204.8 MB; aspect ratio 16:9, at least 640x360; at most 1024 Kbps")).toBeInTheDocument();
  expect(screen.getByTestId("creative-file-input")).toHaveAttribute("accept", ".mp4");

  pick(file("ok.mp4"), file("fast.mp4"));
  await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  expect(send).toHaveBeenCalledWith(expect.objectContaining({ advertiserId: 9, type: "CTV_VIDEO", file: expect.objectContaining({ name: "ok.mp4" }) }));
  act(() => progress!(40));
  expect(screen.getByRole("progressbar", { name: "ok.mp4" })).toHaveAttribute("aria-valuenow", "40");
  expect(screen.getByRole("progressbar", { name: "fast.mp4" })).toHaveAttribute("aria-valuenow", "0"); // waiting its turn
  expect(screen.getByTestId("creative-drop-zone")).toHaveAttribute("aria-disabled", "true");

  act(() => finishFirst!());
  await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([row("ok.mp4")]));
  expect(send).toHaveBeenCalledTimes(2);
  const rows = screen.getAllByTestId("creative-upload-row");
  expect(rows[0]).toHaveTextContent("ok.mp4640x360");
  expect(rows[1]).toHaveTextContent("fast.mp4");
  expect(screen.getAllByTestId("creative-upload-error").map((e) => e.textContent)).toEqual(["bitrate exceeds limit: 2150 Kbps is more than 1024 Kbps"]);
  expect(screen.queryByRole("progressbar")).toBeNull();
});

test("a failed request shows its message; nothing accepted means onUploaded is not called; without multiple only one file goes", async () => {
  const onUploaded = jest.fn();
  send.mockRejectedValue(new Error("You do not have permission to change this"));
  render(<CreativeUpload advertiserId={9} creativeSetType="IMAGE" multiple={false} onUploaded={onUploaded} />);
  pick(file("a.png"), file("b.png"));
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("You do not have permission to change this"));
  expect(send).toHaveBeenCalledTimes(1);
  expect(onUploaded).not.toHaveBeenCalled();
});

test("the drop zone opens the picker from the keyboard and says what the type accepts", () => {
  render(<CreativeUpload advertiserId={9} creativeSetType="NATIVE_IMAGE" onUploaded={jest.fn()} />);
  const click = jest.spyOn(screen.getByTestId("creative-file-input"), "click");
  const zone = screen.getByRole("button", { name: /Drop files here, or click to upload/ });
  zone.focus();
  fireEvent.keyDown(zone, { key: "Enter" });
  expect(click).toHaveBeenCalledTimes(1);
  expect(zone).toHaveAccessibleDescription("JPG, PNG, GIF up to 5.12 MB; sizes 1200x627, 1200x628, 1280x720, 1200x800");
});
