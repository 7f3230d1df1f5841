/**
 * @jest-environment jsdom
 */
// The HLS conversion form asks for the ad-marking identifiers its video
// creatives need, with the creative forms' labels and messages beside each
// field: nothing is sent without them, and they are sent with the links.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { listHlsConversionsAction, startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { HlsConversionPanel } from "./hls-conversion-panel";

jest.mock("@/lib/creatives/convert/actions", () => ({ listHlsConversionsAction: jest.fn(), startHlsConversionAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));
const list = listHlsConversionsAction as jest.MockedFunction<typeof listHlsConversionsAction>;
const start = startHlsConversionAction as jest.MockedFunction<typeof startHlsConversionAction>;

beforeEach(() => {
  jest.clearAllMocks();
  Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout; a refused form scrolls to its first message
  list.mockResolvedValue({ ok: true, data: [] });
  start.mockResolvedValue({ ok: true, data: { ids: [1], clickDestinationId: 5 } });
});

async function openDialog() {
  render(<HlsConversionPanel advertiserId={3} creativeSetId={8} canWrite />);
  await screen.findByText(/No conversions yet/);
  fireEvent.click(screen.getByRole("button", { name: "Convert HLS to MP4" }));
  return screen.findByRole("dialog");
}

const type = (dialog: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

test("Convert without the identifiers shows each field's message and sends nothing", async () => {
  const dialog = await openDialog();
  type(dialog, /HLS playlist links/, "https://cdn.example.com/v/index.m3u8");
  type(dialog, /Person/, "Ann");
  await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Convert" })));
  expect(await within(dialog).findByText("KKTU code must be more than 4 characters")).toBeInTheDocument();
  expect(within(dialog).getByText("Person must be more than 4 characters")).toBeInTheDocument();
  expect(within(dialog).getByText("ER id must be more than 4 characters")).toBeInTheDocument();
  expect(start).not.toHaveBeenCalled();
});

test("the identifiers are sent with the links", async () => {
  const dialog = await openDialog();
  type(dialog, /HLS playlist links/, "https://cdn.example.com/v/index.m3u8\n\nhttps://cdn.example.com/w/index.m3u8");
  type(dialog, /KKTU code/, "30.10.1");
  type(dialog, /Person/, "Acme Studio");
  type(dialog, /ER id/, "ER-000042");
  await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Convert" })));
  await waitFor(() =>
    expect(start).toHaveBeenCalledWith({
      advertiserId: 3,
      creativeSetId: 8,
      videoUrls: ["https://cdn.example.com/v/index.m3u8", "https://cdn.example.com/w/index.m3u8"],
      kktuCode: "30.10.1",
      person: "Acme Studio",
      erId: "ER-000042",
      idempotencyKey: expect.any(String),
    }),
  );
});
