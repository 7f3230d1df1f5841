/**
 * @jest-environment jsdom
 */
// A creative whose type needs the ad-marking identifiers but has none (a video
// converted before the HLS conversion asked for them) says so on its details
// page, and its edit form opens with the fields' messages already shown; a
// creative with its identifiers shows neither. The same for a creative stored
// without a click destination (before business.md 5's rule was enforced).
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { CreativeDetails } from "@/lib/creatives/queries";
import { CREATIVE_MESSAGES } from "@/lib/creatives/schema";
import { updateCreativeAction } from "@/lib/creatives/actions";
import { CreativeDetailsView } from "./creative-details";

jest.mock("@/lib/creatives/actions", () => ({ updateCreativeAction: jest.fn(), associateStrategiesAction: jest.fn(), strategyPickerAction: jest.fn() }));
jest.mock("@/lib/creatives/reviews", () => ({ REVIEW_STATUS_LABELS: { PENDING: "Pending", APPROVED: "Approved", REJECTED: "Rejected" } }));
jest.mock("@/lib/entities/actions", () => ({ setActiveInBulkAction: jest.fn() }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }) }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));

const VIDEO: CreativeDetails = {
  id: 9,
  advertiserId: 3,
  name: "playlist",
  type: "VIDEO",
  width: 160,
  height: 120,
  isDco: false,
  clickDestinationId: 4,
  fileUrl: "/api/files/creatives/1/3/x/playlist.mp4",
  mimeType: "video/mp4",
  fileSizeBytes: 1000,
  durationMs: 2000,
  bitrateKbps: 400,
  htmlEntry: null,
  adTag: null,
  vastSummary: null,
  properties: {},
  kktuCode: null,
  person: null,
  erId: null,
  active: true,
  isArchived: false,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  version: 1,
};

function show(creative: CreativeDetails) {
  render(
    <CreativeDetailsView
      creative={creative}
      advertiser={{ id: 3, name: "Acme", currencyCode: "USD" }}
      clickDestinations={[{ id: 4, name: "Acme landing" }, { id: 5, name: "Acme store" }]}
      sets={[]}
      strategies={[]}
      reviews={[]}
      metrics={null}
      metricIds={[]}
      canWrite
      showWriteControls
    />,
  );
}

const MESSAGES = ["KKTU code must be more than 4 characters", "Person must be more than 4 characters", "ER id must be more than 4 characters"];

test("a video without its identifiers says so, and its edit form opens with each field's message", async () => {
  show(VIDEO);
  expect(screen.getByTestId("creative-identifiers-missing")).toHaveTextContent(CREATIVE_MESSAGES.identifiersMissing);
  fireEvent.click(screen.getByTestId("creative-edit"));
  const dialog = await screen.findByTestId("creative-edit-dialog");
  for (const message of MESSAGES) expect(await within(dialog).findByText(message)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/KKTU code/)).toHaveAttribute("aria-invalid", "true");
});

test("a video with its identifiers shows no note and its edit form opens without messages", async () => {
  show({ ...VIDEO, kktuCode: "30.10.1", person: "Acme Studio", erId: "ER-000042" });
  expect(screen.queryByTestId("creative-identifiers-missing")).toBeNull();
  fireEvent.click(screen.getByTestId("creative-edit"));
  const dialog = await screen.findByTestId("creative-edit-dialog");
  expect(within(dialog).getByLabelText(/KKTU code/)).toHaveValue("30.10.1");
  await waitFor(() => expect(within(dialog).getByLabelText(/ER id/)).toHaveValue("ER-000042"));
  for (const message of MESSAGES) expect(within(dialog).queryByText(message)).toBeNull();
});

test("a creative without a click destination is marked, and its edit form asks for one before it saves", async () => {
  const save = updateCreativeAction as jest.MockedFunction<typeof updateCreativeAction>;
  save.mockResolvedValue({ ok: true, data: VIDEO });
  const identified = { kktuCode: "30.10.1", person: "Acme Studio", erId: "ER-000042" };
  show({ ...VIDEO, ...identified, clickDestinationId: null });
  expect(screen.getByTestId("creative-click-destination-missing")).toHaveTextContent(CREATIVE_MESSAGES.clickDestinationMissing);
  expect(within(screen.getByTestId("creative-fields")).getByText(CREATIVE_MESSAGES.clickDestinationMissingShort)).toBeInTheDocument();
  fireEvent.click(screen.getByTestId("creative-edit"));
  const dialog = await screen.findByTestId("creative-edit-dialog");
  expect(await within(dialog).findByText(CREATIVE_MESSAGES.clickDestinationRequired)).toBeInTheDocument();
  const select = within(dialog).getByLabelText(/Click destination/);
  // Marked required as the form's other required fields are (the label's asterisk).
  expect(dialog.querySelector('label[for="creative-click-destination"]')).toHaveTextContent("Click destination *");
  fireEvent.click(within(dialog).getByTestId("creative-edit-save"));
  await waitFor(() => expect(within(dialog).getByText(CREATIVE_MESSAGES.clickDestinationRequired)).toBeInTheDocument());
  expect(save).not.toHaveBeenCalled();
  fireEvent.change(select, { target: { value: "5" } });
  fireEvent.click(within(dialog).getByTestId("creative-edit-save"));
  await waitFor(() => expect(save).toHaveBeenCalledWith(expect.objectContaining({ id: 9, version: 1, clickDestinationId: 5, ...identified })));
});

test("the review status per exchange: a row per exchange with its status, reason and time; none says so", () => {
  const { unmount } = render(
    <CreativeDetailsView
      creative={VIDEO}
      advertiser={{ id: 3, name: "Acme", currencyCode: "USD" }}
      clickDestinations={[]}
      sets={[]}
      strategies={[]}
      reviews={[{ creativeId: 9, aggregatorId: 2, aggregatorName: "Exchange A", status: "REJECTED", reason: "Too loud", updatedAt: "2030-01-02T00:00:00.000Z" }]}
      metrics={null}
      metricIds={[]}
      canWrite
      showWriteControls
    />,
  );
  const table = screen.getByTestId("creative-reviews-table");
  expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Exchange", "Status", "Reason", "Updated"]);
  const row = screen.getByTestId("creative-review-row");
  expect(row).toHaveAttribute("data-status", "REJECTED");
  expect(within(row).getAllByRole("cell").map((td) => td.textContent)).toEqual(["Exchange A", "Rejected", "Too loud", "Wed, 02 Jan 2030 00:00:00 GMT"]);
  unmount();
  show(VIDEO);
  expect(screen.getByText("No exchanges.")).toBeInTheDocument();
  expect(screen.queryByTestId("creative-review-row")).toBeNull();
});
