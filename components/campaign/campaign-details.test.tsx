/**
 * @jest-environment jsdom
 */
// The campaign details page as the user meets it: every field by the form's
// sections with 'Never Ending' and 'Unlimited', exact money, and activate /
// deactivate behind the 'Warning' question with the server's own message
// when the advertiser is inactive.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import { CampaignDetailsView, type CampaignDetailsData } from "./campaign-details";

jest.mock("@/lib/entities/actions", () => ({ setActiveInBulkAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number } | null) => !!r && !r.ok && r.status === 401 }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const setActive = setActiveInBulkAction as jest.MockedFunction<typeof setActiveInBulkAction>;

beforeEach(() => jest.clearAllMocks());

const CAMPAIGN: CampaignDetailsData = {
  id: 5,
  name: "Spring sale",
  objective: "MOBILE_APP_INSTALLS",
  isRetargeting: false,
  startTime: "2030-01-31T09:30:00.000Z",
  endTime: null,
  pricingType: "MARGIN",
  pricingValue: "0.3",
  lifetimeBudget: null,
  lifetimeDeliveryCap: null,
  dailyBudget: "1234.56",
  deltaDaily: null,
  dailyDeliveryCap: 5000,
  dailyAdvSpendBudget: null,
  dailyFcap: 3,
  dailyFcapHours: 12,
  lifetimeUserFcap: null,
  attributionRatio: "50",
  cpaTarget: null,
  cpiTarget: "2.5",
  roiTarget: null,
  budgetPacing: true,
  budgetSpends: 12,
  coolingPeriod: 3,
  placeboAds: false,
  skadTarget: true,
  incrementalityTest: false,
  currencyCode: "USD",
  active: false,
  isArchived: false,
  createdAt: "2029-12-01T00:00:00.000Z",
};

function show(canWrite = true, campaign: Partial<CampaignDetailsData> = {}) {
  render(
    <CampaignDetailsView
      campaign={{ ...CAMPAIGN, ...campaign }}
      advertiser={{ id: 7, name: "Acme" }}
      pixel={{ id: 11, name: "Checkout" }}
      pacingOption="DAILY_ASAP"
      canWrite={canWrite}
      zone={{ iana: "Asia/Kolkata", name: "(GMT+05:30) Asia/Kolkata" }}
    />,
  );
}
const valueOf = (label: string) => document.querySelector(`dd[data-field="${label}"]`)?.textContent;

test("every field by the form's sections, with Never Ending, Unlimited and exact money", () => {
  show();
  for (const title of ["Basic Details", "Schedule", "Pricing & Budget", "Advanced Settings"]) {
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
  }
  // 09:30 UTC on the wall clock of the user's timezone (UTC+05:30).
  expect(valueOf("Start")).toBe("31 Jan 2030 15:00");
  expect(valueOf("Timezone")).toBe("(GMT+05:30) Asia/Kolkata");
  expect(valueOf("End")).toBe("Never Ending");
  expect(valueOf("Margin")).toBe("30%");
  expect(valueOf("Lifetime media budget")).toBe("Unlimited");
  expect(valueOf("Daily media budget")).toBe("$1,234.56");
  expect(valueOf("Daily delivery cap")).toBe("5,000");
  expect(valueOf("Default daily frequency cap")).toBe("3 every 12 hour(s)");
  expect(valueOf("Budget pacing")).toBe("Daily: ASAP");
  expect(valueOf("Budget spends")).toBe("12");
  expect(valueOf("Cooling period")).toBe("3");
  expect(valueOf("SKAD target")).toBe("Yes");
  expect(screen.getByTestId("campaign-edit")).toHaveAttribute("href", "/campaign/create/5");
});

test("activating asks 'Warning' first and shows why an inactive advertiser refuses it", async () => {
  setActive.mockResolvedValue({ ok: false, status: 409, formError: 'Campaign "Spring sale" cannot be activated while its advertiser is inactive.' });
  show();
  fireEvent.click(screen.getByTestId("campaign-activate"));
  const dialog = screen.getByTestId("confirm-dialog");
  expect(within(dialog).getByText("Warning")).toBeInTheDocument();
  expect(setActive).not.toHaveBeenCalled();
  await act(async () => fireEvent.click(within(dialog).getByTestId("confirm-yes")));
  expect(setActive).toHaveBeenCalledWith({ entity: "campaign", ids: [5], active: true });
  expect(await screen.findByTestId("campaign-status-message")).toHaveTextContent("cannot be activated while its advertiser is inactive");
  expect(refresh).not.toHaveBeenCalled();
});

test("deactivating an active campaign succeeds with its message and refreshes", async () => {
  setActive.mockResolvedValue({ ok: true, data: { count: 1 } } as unknown as Awaited<ReturnType<typeof setActiveInBulkAction>>);
  show(true, { active: true });
  fireEvent.click(screen.getByTestId("campaign-deactivate"));
  await act(async () => fireEvent.click(screen.getByTestId("confirm-yes")));
  expect(await screen.findByTestId("campaign-status-message")).toHaveTextContent("Successfully de-activated campaign");
  expect(refresh).toHaveBeenCalled();
});

test("read-only users see Edit and the status action disabled", () => {
  show(false);
  expect(screen.getByTestId("campaign-edit")).toBeDisabled();
  expect(screen.getByTestId("campaign-activate")).toBeDisabled();
});
