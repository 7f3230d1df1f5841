/**
 * @jest-environment jsdom
 */
// The audience form as the user meets it: messages beside the fields (rules
// included), the fields following the source, the rule builder's groups and
// its sentence preview, the values sent, the fixed source and type on edit,
// and the read-only form.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createAudienceAction, updateAudienceAction } from "@/lib/audiences/actions";
import { AUDIENCE_MESSAGES as M, type AudienceFormInput } from "@/lib/audiences/schema";
import { AudienceForm } from "./audience-form";

jest.mock("@/lib/audiences/actions", () => ({
  createAudienceAction: jest.fn(),
  updateAudienceAction: jest.fn(),
  audienceSeedOptionsAction: jest.fn().mockResolvedValue({ ok: true, data: [{ id: 4, name: "Buyers" }] }),
}));
jest.mock("@/lib/entities/actions", () => ({ searchPickerAction: jest.fn() }));
// Advertiser 7 has no partner-data access unless a test says otherwise.
jest.mock("@/lib/audiences/dmp/actions", () => ({ audienceDmpAccessAction: jest.fn().mockResolvedValue({ ok: true, data: { advertiserId: 7, isDmpAccess: false } }) }));
const mockSuv = { id: 12, provider: "Oracle", providerSegmentId: "o-1", name: "SUV intenders", taxonomyPath: "Auto > Intenders > SUV", size: 1_250_000, cpm: "1.5", active: true };
jest.mock("@/lib/partner-segments/actions", () => ({
  searchPartnerSegmentsAction: jest.fn(() => Promise.resolve({ ok: true, data: { rows: [mockSuv], total: 1, page: 1, size: 20 } })),
}));
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const push = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }), usePathname: () => "/audience/create" }));
const create = createAudienceAction as jest.MockedFunction<typeof createAudienceAction>;
const update = updateAudienceAction as jest.MockedFunction<typeof updateAudienceAction>;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => jest.clearAllMocks());

const NEW: AudienceFormInput = {
  advertiserId: 7, name: "", description: "", source: "", kind: "MMP_RULE", deviceIdentifier: "ADID", consentType: "BOTH",
  osTypeId: "", userExpiryDays: "30", partnerSegmentId: "", seedAudienceId: "", ruleGroups: [],
};
const ADVERTISER = { id: 7, name: "UrbanCart", active: true };
const el = (id: string) => document.getElementById(id) as HTMLInputElement;
const change = (id: string, value: string) => fireEvent.change(el(id), { target: { value } });
const sentence = () => screen.getByTestId("audience-rules-sentence").textContent;

function showForm(props: Partial<Parameters<typeof AudienceForm>[0]> = {}) {
  return render(<AudienceForm mode="create" initial={NEW} advertiser={ADVERTISER} canWrite {...props} />);
}

test("an empty submit shows the messages beside the fields and sends nothing", async () => {
  showForm();
  change("audience-userExpiryDays", "200");
  fireEvent.click(screen.getByTestId("audience-save"));
  expect((await screen.findByTestId("audience-name-error")).textContent).toBe(M.nameRequired);
  expect(screen.getByTestId("audience-source-error").textContent).toBe(M.sourceRequired);
  expect(screen.getByTestId("audience-userExpiryDays-error").textContent).toBe(M.expiryMax);
  expect(create).not.toHaveBeenCalled();
});

test("a website audience: two rule groups, the sentence follows the typing, the rule messages sit by their fields, the values are sent", async () => {
  create.mockResolvedValue({ ok: true, data: { id: 31 } } as never);
  showForm();
  change("audience-name", "Product viewers");
  change("audience-source", "WEBSITE");
  // A rule-based website audience starts with one empty rule, 30 days back.
  await waitFor(() => expect(el("audience-rule-0-0-filterId")).not.toBeNull());
  expect(el("audience-rule-0-0-duration").value).toBe("30");
  expect(sentence()).toBe("Users where … … … in the last 30 days");
  fireEvent.click(screen.getByTestId("audience-save"));
  expect((await screen.findByTestId("audience-rule-0-0-filterId-error")).textContent).toBe(M.filterRequired);
  expect(screen.getByTestId("audience-rule-0-0-value-error").textContent).toBe(M.valueRequired);

  change("audience-rule-0-0-filterId", "1");
  change("audience-rule-0-0-operatorId", "1");
  change("audience-rule-0-0-value", "/product");
  fireEvent.click(screen.getByTestId("audience-rule-group-0-add"));
  change("audience-rule-0-1-filterId", "17");
  change("audience-rule-0-1-operatorId", "3");
  change("audience-rule-0-1-value", "2");
  change("audience-rule-0-1-duration", "7");
  fireEvent.click(screen.getByTestId("audience-rule-group-add"));
  change("audience-rule-1-0-filterId", "5");
  change("audience-rule-1-0-operatorId", "4");
  change("audience-rule-1-0-value", "purchase");
  change("audience-rule-1-0-durationUnit", "HOUR");
  change("audience-rule-1-0-duration", "1");
  await waitFor(() =>
    expect(sentence()).toBe(
      'Users where (Page URL contains "/product" in the last 30 days and Page frequency is at least 2 in the last 7 days) or Event name equals "purchase" in the last hour',
    ),
  );
  // Mobile-only filters are not offered to a website audience.
  expect([...document.querySelectorAll("#audience-rule-0-0-filterId option")].map((o) => o.textContent)).toEqual(["Select", "Page URL", "Referrer URL", "Event name", "Page frequency"]);
  fireEvent.click(screen.getByTestId("audience-save"));
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  expect(create.mock.calls[0][0]).toMatchObject({
    advertiserId: 7,
    name: "Product viewers",
    source: "WEBSITE",
    kind: "MMP_RULE",
    ruleGroups: [
      { rules: [{ filterId: "1", operatorId: "1", value: "/product", duration: "30", durationUnit: "DAY" }, { filterId: "17", operatorId: "3", value: "2", duration: "7", durationUnit: "DAY" }] },
      { rules: [{ filterId: "5", operatorId: "4", value: "purchase", duration: "1", durationUnit: "HOUR" }] },
    ],
  });
  await waitFor(() => expect(push).toHaveBeenCalledWith("/audience/details/31"));
});

test("the fields follow the source and type: OS for mobile, segment for DMP, seed for look-alike; IP backfill picks IP", async () => {
  showForm();
  change("audience-source", "MOBILE");
  await waitFor(() => expect(el("audience-osTypeId")).not.toBeNull());
  expect(el("audience-partnerSegmentId")).toBeNull();
  change("audience-source", "DMP");
  await waitFor(() => expect(el("audience-partnerSegmentId")).not.toBeNull());
  expect(el("audience-osTypeId")).toBeNull();
  expect(screen.queryByTestId("audience-rules")).toBeNull();
  change("audience-source", "LOOK_ALIKE");
  await waitFor(() => expect([...document.querySelectorAll("#audience-seedAudienceId option")].map((o) => o.textContent)).toEqual(["Select", "Buyers"]));
  change("audience-kind", "IP_BACKFILL");
  await waitFor(() => expect(el("audience-deviceIdentifier").value).toBe("IP"));
  expect(screen.getByText("7 to 45 days.")).toBeTruthy();
});

test("edit: the source and type are fixed; a refused save by someone else's change offers the latest version", async () => {
  update.mockResolvedValue({ ok: false, status: 409, error: "This audience was changed by someone else" } as never);
  const initial: AudienceFormInput = { ...NEW, name: "Buyers", source: "MOBILE", kind: "CRM", osTypeId: 4 };
  showForm({ mode: "edit", audienceId: 9, version: 3, initial });
  expect(el("audience-source").disabled).toBe(true);
  expect(el("audience-kind").disabled).toBe(true);
  change("audience-name", "Buyers 2");
  fireEvent.click(screen.getByTestId("audience-save"));
  await waitFor(() => expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 9, version: 3, name: "Buyers 2", source: "MOBILE", kind: "CRM" })));
  expect(await screen.findByTestId("audience-conflict")).toBeTruthy();
});

test("read-only users see the values disabled and no Save", () => {
  showForm({ canWrite: false, readOnlyReason: "You do not have permission to create audiences." });
  expect(screen.queryByTestId("audience-save")).toBeNull();
  expect(el("audience-name").closest("fieldset")?.disabled).toBe(true);
  expect(screen.getByTestId("audience-read-only").textContent).toBe("You do not have permission to create audiences.");
});

test("without partner-data access the DMP source cannot be chosen, and says why", async () => {
  showForm();
  const dmp = () => Array.from(el("audience-source").querySelectorAll("option")).find((o) => o.value === "DMP")!;
  await waitFor(() => expect(dmp().disabled).toBe(true));
  expect(dmp().textContent).toBe("DMP (This advertiser has no partner-data (DMP) access)");
});

test("a DMP audience picks its segment from the partner catalogue by typing part of its taxonomy; an old free-text one must pick before saving", async () => {
  const { searchPartnerSegmentsAction } = jest.requireMock("@/lib/partner-segments/actions") as { searchPartnerSegmentsAction: jest.Mock };
  update.mockResolvedValue({ ok: true, data: { id: 5 } } as never);
  showForm({ mode: "edit", audienceId: 5, version: 1, initial: { ...NEW, name: "Auto", source: "DMP", kind: "CRM" }, segment: { partnerSegment: null, legacyName: "auto-intenders" } });
  expect(screen.getByText(/Saved with the segment name "auto-intenders"/)).toBeTruthy();
  fireEvent.click(screen.getByTestId("audience-save"));
  expect((await screen.findByTestId("audience-partnerSegmentId-error")).textContent).toBe(M.dmpSegmentRequired);
  expect(update).not.toHaveBeenCalled();

  fireEvent.click(screen.getByTestId("audience-partnerSegmentId-button"));
  const search = await screen.findByTestId("picker-search");
  fireEvent.change(search, { target: { value: "intenders > suv" } });
  fireEvent.keyDown(search, { key: "Enter" });
  await waitFor(() => expect(searchPartnerSegmentsAction).toHaveBeenLastCalledWith({ q: "intenders > suv", page: 1, size: 5 }));
  fireEvent.click(await screen.findByText("Oracle: SUV intenders (Auto > Intenders > SUV) · 1,250,000 users"));
  fireEvent.click(screen.getByRole("button", { name: "Done" }));
  await waitFor(() => expect(screen.getByTestId("audience-partnerSegmentId-name").textContent).toContain("SUV intenders"));
  fireEvent.click(screen.getByTestId("audience-save"));
  await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  expect(update.mock.calls[0][0]).toMatchObject({ id: 5, source: "DMP", partnerSegmentId: 12 });
});
