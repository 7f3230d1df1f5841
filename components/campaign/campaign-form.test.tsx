/**
 * @jest-environment jsdom
 */
// The campaign form as the user meets it: the four sections, messages from
// the one schema beside their fields, derived budget values as they type, the
// advertiser's currency, a stale version's conflict with its reload, and what
// read-only users get.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createCampaignAction, updateCampaignAction } from "@/lib/campaigns/actions";
import { CAMPAIGN_MESSAGES } from "@/lib/campaigns/rules";
import { CampaignForm, type CampaignFormProps } from "./campaign-form";
import { newCampaignFormValues } from "./new-campaign-values";

jest.mock("@/lib/campaigns/actions", () => ({ createCampaignAction: jest.fn(), updateCampaignAction: jest.fn() }));
jest.mock("@/lib/pixels/actions", () => ({ createPixelAction: jest.fn(), updatePixelAction: jest.fn() }));
jest.mock("@/lib/entities/actions", () => ({ searchPickerAction: jest.fn(async () => ({ ok: true, data: { rows: [], total: 0 } })) }));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const refresh = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }), usePathname: () => "/campaign/create" }));
const create = createCampaignAction as jest.MockedFunction<typeof createCampaignAction>;
const update = updateCampaignAction as jest.MockedFunction<typeof updateCampaignAction>;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => jest.clearAllMocks());

const ADVERTISER = { id: 7, name: "Acme", active: true, currencyCode: "EUR" };
const PIXEL = { id: 11, name: "Checkout", active: true };
const KOLKATA = { iana: "Asia/Kolkata", name: "(GMT+05:30) Asia/Kolkata" };

function showForm(props: Partial<CampaignFormProps> = {}) {
  return render(
    <CampaignForm
      mode="create"
      initial={newCampaignFormValues(ADVERTISER.id)}
      advertiser={ADVERTISER}
      pixel={null}
      advertiserCurrencies={{ 7: "EUR" }}
      skadAllowed
      canWrite
      pixelCreateMode="enabled"
      zone={KOLKATA}
      {...props}
    />,
  );
}
const control = (name: string) => document.getElementById(`campaign-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(control(name), { target: { value } });
const messageOf = (name: string) => document.getElementById(`campaign-${name}-error`)?.textContent;
const save = () => act(async () => fireEvent.click(screen.getByTestId("campaign-save")));

test("shows the four sections of business.md 2 with a label on every control", () => {
  showForm();
  for (const title of ["Basic Details", "Schedule", "Pricing & Budget", "Advanced Settings"]) {
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
  }
  const unlabelled = Array.from(document.querySelectorAll("input, select, button")).filter(
    (el) => !(el as HTMLElement).closest("label") && !document.querySelector(`label[for="${el.id}"]`) && !el.textContent?.trim(),
  );
  expect(unlabelled).toEqual([]);
  expect(screen.getByTestId("campaign-currency")).toHaveTextContent("EUR (€)");
  expect(screen.getByTestId("campaign-startTime-sentinel")).toBeChecked();
  expect(screen.getByTestId("campaign-endTime-sentinel")).toBeChecked();
});

test("an empty save shows the schema's messages beside their fields and sends nothing", async () => {
  showForm({ initial: newCampaignFormValues(null), advertiser: null });
  await save();
  expect(messageOf("advertiserId")).toBe(CAMPAIGN_MESSAGES.advertiserRequired);
  expect(messageOf("name")).toBe(CAMPAIGN_MESSAGES.nameRequired);
  expect(messageOf("objective")).toBe(CAMPAIGN_MESSAGES.objectiveRequired);
  expect(messageOf("pricingType")).toBe(CAMPAIGN_MESSAGES.pricingTypeRequired);
  expect(control("name")).toHaveAttribute("aria-invalid", "true");
  expect(create).not.toHaveBeenCalled();
});

test("CPA pricing without a pixel says the pixel is mandatory for CPA", async () => {
  showForm();
  type("pricingType", "CPA");
  await save();
  expect(messageOf("pixelId")).toBe(CAMPAIGN_MESSAGES.pixelRequiredForCpa);
});

test("cross-field rules land on their fields: daily budget below lifetime, margin range, fcap duration", async () => {
  showForm();
  type("pricingType", "MARGIN");
  type("pricingValue", "120");
  type("lifetimeBudget", "100");
  type("dailyBudget", "100");
  type("dailyFcap", "3");
  await save();
  expect(messageOf("pricingValue")).toBe(CAMPAIGN_MESSAGES.marginRange);
  expect(messageOf("dailyBudget")).toBe(CAMPAIGN_MESSAGES.dailyBudgetNotBelowLifetime);
  expect(messageOf("dailyFcapHours")).toBe(CAMPAIGN_MESSAGES.fcapHoursRequired);
});

test("margin pricing derives the daily media budget as the user types, and Use takes it", () => {
  showForm();
  type("pricingType", "MARGIN");
  type("pricingValue", "30");
  type("dailyAdvSpendBudget", "1234.56");
  const derived = screen.getByTestId("derived-dailyBudget");
  expect(derived).toHaveAttribute("data-value", "864.19");
  fireEvent.click(screen.getByRole("button", { name: "Use 864.19 as the daily media budget" }));
  expect(control("dailyBudget").value).toBe("864.19");
});

test("CPM pricing derives the delivery caps per mille, in the advertiser's currency", () => {
  showForm();
  type("pricingType", "CPM");
  type("pricingValue", "2.5");
  type("dailyBudget", "10");
  type("lifetimeBudget", "1000");
  expect(screen.getByTestId("derived-dailyDeliveryCap")).toHaveAttribute("data-value", "4000");
  expect(screen.getByTestId("derived-lifetimeDeliveryCap")).toHaveAttribute("data-value", "400000");
  expect(screen.getByTestId("campaign-pricingValue-prefix")).toHaveTextContent("€");
});

test("a valid campaign is sent as typed (exact decimals, epoch times) and opens its details", async () => {
  create.mockResolvedValue({ ok: true, data: { id: 42 } } as Awaited<ReturnType<typeof createCampaignAction>>);
  showForm({ pixel: PIXEL, initial: { ...newCampaignFormValues(ADVERTISER.id), pixelId: PIXEL.id } });
  type("name", "Spring sale");
  type("objective", "WEBSITE");
  type("pricingType", "CPC");
  type("pricingValue", "0.5");
  type("lifetimeBudget", "1234.56");
  await save();
  await waitFor(() => expect(push).toHaveBeenCalledWith("/campaign/details/42"));
  expect(create.mock.calls[0][0]).toMatchObject({ advertiserId: 7, pixelId: 11, name: "Spring sale", lifetimeBudget: "1234.56", pricingValue: "0.5", startTime: -1, endTime: -1 });
});

test("schedule times are typed on the wall clock of the user's timezone, named beside the field", async () => {
  create.mockResolvedValue({ ok: true, data: { id: 43 } } as Awaited<ReturnType<typeof createCampaignAction>>);
  showForm({ pixel: PIXEL, initial: { ...newCampaignFormValues(ADVERTISER.id), pixelId: PIXEL.id } });
  expect(screen.getByTestId("campaign-startTime-zone")).toHaveTextContent("(GMT+05:30) Asia/Kolkata");
  type("name", "Diwali");
  type("objective", "WEBSITE");
  type("pricingType", "CPC");
  type("pricingValue", "0.5");
  fireEvent.click(screen.getByTestId("campaign-startTime-at"));
  type("startTime", "2040-01-31T09:30");
  await save();
  await waitFor(() => expect(create).toHaveBeenCalled());
  // 09:30 in Kolkata (UTC+05:30) is 04:00 UTC.
  expect(create.mock.calls[0][0]).toMatchObject({ startTime: Date.UTC(2040, 0, 31, 4, 0) / 1000, endTime: -1 });
});

test("a stale version keeps the typed values and offers the latest version", async () => {
  update.mockResolvedValue({ ok: false, status: 409, formError: "This campaign was changed by someone else" });
  showForm({ mode: "edit", campaignId: 5, version: 3, pixel: PIXEL, initial: { ...newCampaignFormValues(7), name: "Old name", objective: "WEBSITE", pixelId: 11, pricingType: "CPC", pricingValue: "1" } });
  type("name", "New name");
  await save();
  expect(await screen.findByTestId("campaign-form-error")).toHaveTextContent("This campaign was changed by someone else");
  expect(control("name").value).toBe("New name");
  expect(update.mock.calls[0][0]).toMatchObject({ id: 5, version: 3, name: "New name" });
  fireEvent.click(screen.getByTestId("campaign-reload"));
  expect(refresh).toHaveBeenCalled();
});

test("read-only users see the values with every control disabled and no Save", () => {
  showForm({ canWrite: false, readOnlyReason: "You do not have permission to change campaigns.", initial: { ...newCampaignFormValues(7), name: "Seen" } });
  expect(screen.queryByTestId("campaign-save")).toBeNull();
  expect(control("name")).toHaveValue("Seen");
  const form = screen.getByTestId("campaign-form");
  const controls = Array.from(form.querySelectorAll("fieldset input, fieldset select, fieldset button"));
  expect(controls.length).toBeGreaterThan(20);
  for (const el of controls) expect(el).toBeDisabled();
  expect(screen.getByTestId("campaign-cancel")).toBeEnabled();
});

test("'Add a new Pixel' opens the pixel form dialog, whose own save does not save the campaign", async () => {
  showForm();
  await act(async () => fireEvent.click(screen.getByTestId("campaign-pixelId-button")));
  await act(async () => fireEvent.click(await screen.findByTestId("picker-add-pixel")));
  const dialog = await screen.findByTestId("pixel-form-dialog");
  expect(within(dialog).getByText("New Conversion Tracker")).toBeInTheDocument();
  // React passes a portal's submit up to the campaign form: it must not validate or save the campaign.
  await act(async () => fireEvent.submit(within(dialog).getByTestId("pixel-form")));
  expect(messageOf("name")).toBeUndefined();
  expect(create).not.toHaveBeenCalled();
});
