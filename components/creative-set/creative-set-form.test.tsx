/**
 * @jest-environment jsdom
 */
// The creative set form's click destination (business.md 5: required): marked
// required, a save without one shows the message beside the field and sends
// nothing; a set stored without one opens its edit form with the message and
// saves only once one is chosen.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createCreativeSetAction, updateCreativeSetAction } from "@/lib/creative-sets/actions";
import { CREATIVE_SET_MESSAGES, NEVER_ENDING, START_IMMEDIATELY, type CreativeSetFormInput } from "@/lib/creative-sets/schema";
import { CreativeSetForm, type CreativeSetFormProps } from "./creative-set-form";

jest.mock("@/lib/creative-sets/actions", () => ({ createCreativeSetAction: jest.fn(), updateCreativeSetAction: jest.fn(), creativeSetAdvertiserOptionsAction: jest.fn() }));
jest.mock("@/lib/entities/actions", () => ({ searchPickerAction: jest.fn(async () => ({ ok: true, data: { rows: [], total: 0 } })) }));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }), usePathname: () => "/creative_set/create" }));
const create = createCreativeSetAction as jest.MockedFunction<typeof createCreativeSetAction>;
const update = updateCreativeSetAction as jest.MockedFunction<typeof updateCreativeSetAction>;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => jest.clearAllMocks());

const ADVERTISER = { id: 7, name: "Acme", active: true };
const INITIAL: Required<CreativeSetFormInput> = {
  advertiserId: ADVERTISER.id, name: "Spring banners", type: "IMAGE", clickDestinationId: "", timezoneId: 805, dailyMediaBudget: "",
  startTime: START_IMMEDIATELY, endTime: NEVER_ENDING, scheduledTimezoneId: 805, dcoAd: false, isPlacebo: false, sizes: ["300x250"],
};
const OPTIONS = { clickDestinations: [{ id: 3, name: "Acme landing", active: true }, { id: 4, name: "Acme store", active: false }], sizes: ["300x250"] };

function showForm(props: Partial<CreativeSetFormProps> = {}) {
  return render(
    <CreativeSetForm
      mode="create"
      initial={INITIAL}
      advertiser={ADVERTISER}
      advertiserOptions={OPTIONS}
      timezones={[{ id: 805, name: "UTC", iana: "UTC" }]}
      canWrite
      {...props}
    />,
  );
}
const select = () => document.getElementById("creative-set-clickDestinationId") as HTMLSelectElement;
const message = () => screen.queryByTestId("creative-set-clickDestinationId-error");
const save = () => act(async () => fireEvent.click(screen.getByTestId("creative-set-save")));

test("the click destination is marked required; a save without one shows its message beside it and sends nothing", async () => {
  showForm();
  expect(document.querySelector('label[for="creative-set-clickDestinationId"]')).toHaveTextContent("Click destination *");
  await save();
  expect(message()).toHaveTextContent(CREATIVE_SET_MESSAGES.clickDestinationRequired);
  expect(select()).toHaveAttribute("aria-invalid", "true");
  expect(create).not.toHaveBeenCalled();

  create.mockResolvedValue({ ok: true, data: { id: 12 } } as Awaited<ReturnType<typeof createCreativeSetAction>>);
  fireEvent.change(select(), { target: { value: "4" } });
  await save();
  await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ clickDestinationId: 4, name: "Spring banners" })));
});

test("a set stored without one opens its edit form with the message, and saves once one is chosen", async () => {
  update.mockResolvedValue({ ok: true, data: { id: 9 } } as Awaited<ReturnType<typeof updateCreativeSetAction>>);
  showForm({ mode: "edit", setId: 9, version: 2, saved: { startTime: "2026-01-01T00:00:00.000Z", endTime: null }, initial: { ...INITIAL, startTime: 1_767_225_600 } });
  await waitFor(() => expect(message()).toHaveTextContent(CREATIVE_SET_MESSAGES.clickDestinationRequired));
  await save();
  expect(update).not.toHaveBeenCalled();
  fireEvent.change(select(), { target: { value: "3" } });
  await save();
  await waitFor(() => expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 9, version: 2, clickDestinationId: 3 })));
});
