/**
 * @jest-environment jsdom
 */
// The strategy wizard as the user meets it: the seven steps behind the
// stepper, a step's messages beside its fields stopping the way on (focus on
// the first), the highest step visited and the way back to any of them, the
// rows the visibility rules hide for CTV/OTT, the draft kept as the user
// types and restored on return, the save, and what read-only users get.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStrategyAction, previewStrategyReviewAction, updateStrategyAction } from "@/lib/strategies/actions";
import { newStrategyFormValues } from "@/lib/strategies/form";
import { STRATEGY_STEPS } from "@/lib/strategies/options";
import { STRATEGY_MESSAGES as M } from "@/lib/strategies/rules";
import { StrategyWizard } from "./strategy-wizard";
import { CONTEXT, wizardProps } from "./test-fixtures";
import { DRAFT_DELAY_MS, draftKey, writeDraft } from "./wizard-draft";

jest.mock("@/lib/strategies/actions", () => ({
  createStrategyAction: jest.fn(),
  updateStrategyAction: jest.fn(),
  previewStrategyReviewAction: jest.fn(),
  strategyContextAction: jest.fn(),
  strategyPickerOptionsAction: jest.fn(),
  searchGeoAction: jest.fn(async () => ({ ok: true, data: [] })),
}));
jest.mock("@/lib/entities/actions", () => ({ searchPickerAction: jest.fn(async () => ({ ok: true, data: { rows: [], total: 0 } })) }));
jest.mock("@/lib/dictionaries/actions", () => ({ dictionaryAction: jest.fn(async () => ({ ok: true, data: { totalNoOfRecords: 0, data: [] } })) }));
jest.mock("@/lib/strategy-templates/actions", () => ({ createStrategyFromTemplateAction: jest.fn(), listStrategyTemplatesAction: jest.fn(), templateWizardValuesAction: jest.fn() }));
// The map's shapes would arrive after a test has ended; the map has its own tests (targeting-map.test.tsx).
jest.mock("./country-shapes", () => ({ loadCountryShapes: () => new Promise(() => undefined) }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const push = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh }), usePathname: () => "/strategy/create" }));
const create = createStrategyAction as jest.MockedFunction<typeof createStrategyAction>;
const update = updateStrategyAction as jest.MockedFunction<typeof updateStrategyAction>;
const preview = previewStrategyReviewAction as jest.MockedFunction<typeof previewStrategyReviewAction>;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  preview.mockResolvedValue({
    ok: true,
    data: {
      sections: [{ key: "basics", title: "BASICS", editTitle: "Details", rows: [{ key: "name", label: "Name", value: "Launch CTV" }] }],
      status: null,
      derived: { dailyMediaBudget: null, dailyDeliveryCap: null, lifetimeDeliveryCap: null, marginPercent: null },
      visibility: {} as never,
    },
  });
});

const step = (key: string) => screen.getByTestId(`wizard-step-${key}`);
const title = () => screen.getByTestId("wizard-step-title").textContent;
const next = () => act(async () => fireEvent.click(screen.getByTestId("wizard-next")));
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const KEY = draftKey({ licenseeId: 1, userId: 2 }, null);

test("the seven steps with their titles; a step's messages stop the way on, beside the fields, the first one focused", async () => {
  render(<StrategyWizard {...wizardProps()} />);
  expect(screen.getByRole("heading", { name: "Create Strategy" })).toBeInTheDocument();
  const stepper = screen.getByRole("navigation", { name: "Strategy wizard steps" });
  const buttons = within(stepper).getAllByRole("button");
  expect(buttons).toHaveLength(7);
  STRATEGY_STEPS.forEach((s, i) => expect(buttons[i]).toHaveAccessibleName(`Step ${i + 1}: ${s.title}`));
  expect(step("basic")).toHaveAttribute("aria-current", "step");
  expect(step("inventory")).toBeDisabled();
  expect(title()).toBe("Enter Basic Details");

  await next();
  expect(title()).toBe("Enter Basic Details");
  expect(document.getElementById("strategy-name-error")).toHaveTextContent(M.nameRequired);
  await waitFor(() => expect(document.getElementById("strategy-name")).toHaveFocus());
  expect(step("inventory")).toBeDisabled();
  expect(create).not.toHaveBeenCalled();

  // Fixed, the message goes as the user types, and the way on opens.
  type("strategy-name", "Launch banners");
  expect(document.getElementById("strategy-name-error")).toBeNull();
  await next();
  expect(title()).toBe("Select Inventory");
  expect(step("basic")).toHaveAttribute("data-state", "visited");
});

test("the stepper remembers the highest step visited: back to any of them, forward again to it", async () => {
  render(<StrategyWizard {...wizardProps({ initial: { ...newStrategyFormValues(CONTEXT.campaign.id), name: "Launch", pricingValue: "4.2" } })} />);
  for (const expected of ["Select Inventory", "Select Targeting Options", "Specify Budget & Bidding"]) {
    await next();
    expect(title()).toBe(expected);
  }
  expect(step("creative")).toBeDisabled();
  await act(async () => fireEvent.click(step("inventory")));
  expect(title()).toBe("Select Inventory");
  expect(step("budget")).toHaveAttribute("data-state", "visited");
  expect(step("budget")).toBeEnabled();
  await act(async () => fireEvent.click(step("basic")));
  expect(title()).toBe("Enter Basic Details");
  // Going forward checks the steps on the way: a name emptied meanwhile stops it at the first step.
  type("strategy-name", "");
  await act(async () => fireEvent.click(step("budget")));
  expect(title()).toBe("Enter Basic Details");
  expect(document.getElementById("strategy-name-error")).toHaveTextContent(M.nameRequired);
  type("strategy-name", "Launch again");
  await act(async () => fireEvent.click(step("budget")));
  expect(title()).toBe("Specify Budget & Bidding");
});

test("a CTV/OTT strategy hides app categories, apps, mobile OS, device type and SKOverlay, and shows the CTV rows", () => {
  const multi = render(<StrategyWizard {...wizardProps({ canWrite: false })} />);
  expect(document.getElementById("strategy-skOverlayPosition")).toBeInTheDocument();
  expect(screen.getByTestId("strategy-appCategories-group")).toBeInTheDocument();
  expect(screen.getByTestId("strategy-rtbApps-group")).toBeInTheDocument();
  expect(screen.getByTestId("strategy-targetMobileDevices-group")).toBeInTheDocument();
  expect(screen.getByTestId("strategy-targetMobileDevices-types-group")).toBeInTheDocument();
  expect(screen.queryByTestId("targeting-ctv")).toBeNull();
  multi.unmount();

  render(<StrategyWizard {...wizardProps({ canWrite: false, initial: { ...newStrategyFormValues(CONTEXT.campaign.id), type: "CTV_OTT" } })} />);
  expect(document.getElementById("strategy-skOverlayPosition")).toBeNull();
  for (const gone of ["strategy-appCategories-group", "strategy-rtbApps-group", "strategy-targetMobileDevices-group", "strategy-targetMobileDevices-types-group", "strategy-placements-group"]) {
    expect(screen.queryByTestId(gone)).toBeNull();
  }
  expect(screen.getByTestId("targeting-ctv")).toBeInTheDocument();
  expect(screen.getByTestId("strategy-ctvTargeting-group")).toBeInTheDocument();
});

test("what is typed is kept as a draft, restored on return with the step reached, and discarded on request", async () => {
  const first = render(<StrategyWizard {...wizardProps()} />);
  type("strategy-name", "Half typed");
  await next();
  await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY) ?? "{}")).toMatchObject({ values: { name: "Half typed" }, step: 1, highest: 1 }), { timeout: DRAFT_DELAY_MS * 5 });
  first.unmount();

  render(<StrategyWizard {...wizardProps()} />);
  await waitFor(() => expect(screen.getByTestId("wizard-draft-restored")).toBeInTheDocument());
  expect(title()).toBe("Select Inventory");
  await act(async () => fireEvent.click(step("basic")));
  expect(document.getElementById("strategy-name")).toHaveValue("Half typed");

  await act(async () => fireEvent.click(screen.getByTestId("wizard-draft-discard")));
  expect(document.getElementById("strategy-name")).toHaveValue("");
  expect(step("inventory")).toBeDisabled();
  expect(localStorage.getItem(KEY)).toBeNull();
});

test("a draft of an edit is its user's and strategy's, and saved on the version it was typed on", async () => {
  const id = 44;
  const initial = { ...newStrategyFormValues(CONTEXT.campaign.id), name: "Saved name", pricingValue: "4.2", startTime: Math.floor(Date.now() / 1000) + 86_400 };
  writeDraft(draftKey({ licenseeId: 1, userId: 2 }, id), { values: { ...initial, name: "Edited offline" }, step: 6, highest: 6, savedAt: Date.now(), baseVersion: 3, geoNames: {} });
  writeDraft(draftKey({ licenseeId: 1, userId: 9 }, id), { values: { ...initial, name: "Someone else's" }, step: 0, highest: 0, savedAt: Date.now(), baseVersion: 3, geoNames: {} });
  update.mockResolvedValue({ ok: true, data: { id } as never });
  render(<StrategyWizard {...wizardProps({ mode: "edit", strategyId: id, version: 4, initial, saved: { startTime: new Date().toISOString(), endTime: null, type: "MULTI_DEVICE" } })} />);
  await waitFor(() => expect(title()).toBe("Associate Creative Sets"));
  expect(screen.getByRole("heading", { name: "Edit Strategy" })).toBeInTheDocument();
  await next();
  await waitFor(() => expect(screen.getByTestId("strategy-review")).toHaveAttribute("data-titles", "edit"));
  await act(async () => fireEvent.click(screen.getByTestId("wizard-save")));
  await waitFor(() => expect(update).toHaveBeenCalledWith(expect.objectContaining({ id, version: 3, name: "Edited offline" })));
  expect(push).toHaveBeenCalledWith(`/strategy/details/${id}`);
  expect(localStorage.getItem(draftKey({ licenseeId: 1, userId: 2 }, id))).toBeNull();
  expect(localStorage.getItem(draftKey({ licenseeId: 1, userId: 9 }, id))).not.toBeNull();
});

test("a save refused because someone else saved first keeps what was typed and offers the latest version", async () => {
  const id = 45;
  const initial = { ...newStrategyFormValues(CONTEXT.campaign.id), name: "Saved", pricingValue: "4.2" };
  update.mockResolvedValue({ ok: false, status: 409, formError: "This strategy was changed by someone else" });
  render(<StrategyWizard {...wizardProps({ mode: "edit", strategyId: id, version: 2, initial, saved: { startTime: new Date().toISOString(), endTime: null, type: "MULTI_DEVICE" } })} />);
  type("strategy-name", "Mine");
  for (let i = 0; i < 6; i++) await next();
  await waitFor(() => expect(screen.getByTestId("strategy-review")).toBeInTheDocument());
  await act(async () => fireEvent.click(screen.getByTestId("wizard-save")));
  await waitFor(() => expect(screen.getByTestId("wizard-form-error")).toHaveTextContent("This strategy was changed by someone else"));
  expect(update).toHaveBeenCalledWith(expect.objectContaining({ id, version: 2, name: "Mine" }));
  fireEvent.click(screen.getByTestId("wizard-reload"));
  expect(refresh).toHaveBeenCalled();
  expect(localStorage.getItem(draftKey({ licenseeId: 1, userId: 2 }, id))).toBeNull();
});

test("a save refused for a field opens its step with the message beside it", async () => {
  create.mockResolvedValue({ ok: false, status: 400, fieldErrors: { creativeSetIds: M.creativeSetTypeMismatch } });
  render(<StrategyWizard {...wizardProps({ initial: { ...newStrategyFormValues(CONTEXT.campaign.id), name: "Launch", pricingValue: "4.2" } })} />);
  for (let i = 0; i < 6; i++) await next();
  await waitFor(() => expect(screen.getByTestId("strategy-review")).toBeInTheDocument());
  await act(async () => fireEvent.click(screen.getByTestId("wizard-save")));
  await waitFor(() => expect(title()).toBe("Associate Creative Sets"));
  expect(document.getElementById("strategy-creativeSetIds-error")).toHaveTextContent(M.creativeSetTypeMismatch);
  expect(push).not.toHaveBeenCalled();
});

test("leaving by a link of the console with unsaved changes asks first: Stay keeps the wizard, Leave gives the changes up", async () => {
  render(
    <>
      {/* Its own handler stands for Next's Link (jsdom cannot navigate). */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain anchor: the guard listens to any link of the page */}
      <a href="/campaign" onClick={(e) => e.preventDefault()}>
        Campaigns
      </a>
      <StrategyWizard {...wizardProps()} />
    </>,
  );
  // Nothing typed yet: the link goes its way.
  fireEvent.click(screen.getByRole("link", { name: "Campaigns" }));
  expect(screen.queryByTestId("leave-warning")).toBeNull();

  type("strategy-name", "Unsaved");
  fireEvent.click(screen.getByRole("link", { name: "Campaigns" }));
  const warning = await screen.findByTestId("leave-warning");
  expect(warning).toHaveTextContent("WARNING: Changes that you made may not be saved.");
  fireEvent.click(within(warning).getByRole("button", { name: "Stay" }));
  await waitFor(() => expect(screen.queryByTestId("leave-warning")).toBeNull());
  expect(push).not.toHaveBeenCalled();

  await act(async () => fireEvent.click(screen.getByTestId("wizard-cancel")));
  fireEvent.click(within(await screen.findByTestId("leave-warning")).getByRole("button", { name: "Leave" }));
  expect(push).toHaveBeenCalledWith("/strategy");
  expect(localStorage.getItem(KEY)).toBeNull();
});

test("read-only users see every step at once with no enabled control, and no draft is kept", () => {
  render(<StrategyWizard {...wizardProps({ canWrite: false, readOnlyReason: "You do not have permission to create strategies." })} />);
  expect(screen.getByTestId("wizard-read-only")).toHaveTextContent("You do not have permission to create strategies.");
  expect(screen.queryByTestId("wizard-stepper")).toBeNull();
  expect(screen.queryByTestId("wizard-save")).toBeNull();
  for (const s of STRATEGY_STEPS.filter((x) => x.key !== "review")) expect(screen.getByTestId(`wizard-section-${s.key}`)).toBeInTheDocument();
  const controls = within(screen.getByTestId("strategy-wizard")).getAllByRole("checkbox");
  expect(controls.length).toBeGreaterThan(10);
  const fieldset = screen.getByTestId("strategy-wizard").querySelector("fieldset")!;
  const enabled = Array.from(fieldset.querySelectorAll("input, select, textarea, button")).filter((el) => !(el as HTMLInputElement).matches(":disabled"));
  expect(enabled).toEqual([]);
  expect(localStorage.length).toBe(0);
});
