/**
 * @jest-environment jsdom
 */
// A template's edit form on its details page as the user meets it: a save
// refused because someone else saved first keeps what was typed, says so and
// offers the latest version; the page warns before leaving with unsaved
// changes, again for changes typed after a save; read-only users get neither.
import "@testing-library/jest-dom";
import { useEffect, useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { updateReportTemplateAction } from "@/lib/report-templates/actions";
import type { ReportTemplateDetails } from "@/lib/report-templates/queries";
import { TemplateDetails } from "./template-details";

jest.mock("@/lib/report-templates/actions", () => ({
  updateReportTemplateAction: jest.fn(),
  pauseReportTemplateAction: jest.fn(),
  deleteReportTemplateAction: jest.fn(),
  runReportTemplateNowAction: jest.fn(),
}));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const refresh = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }), usePathname: () => "/report/schedule/details/3" }));
const update = updateReportTemplateAction as jest.MockedFunction<typeof updateReportTemplateAction>;

const TEMPLATE: ReportTemplateDetails = {
  id: 3,
  name: "Weekly spend",
  description: "For finance",
  reportType: "advanced",
  definition: { dimensions: ["date"], metrics: ["spend"], filters: [], from: "2030-01-01", to: "2030-01-07", timezoneId: 1, compare: false, page: 1, pageSize: 25 } as never,
  schedule: null,
  timezone: "UTC",
  paused: false,
  nextRunAt: null,
  createdBy: "Ada",
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  version: 3,
  runs: [],
};
const RULE = { licenseeName: "Acme", domains: [] };
const STALE = { ok: false as const, status: 409, formError: "This report template was changed by someone else. Reload it and try again." };

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout
});
beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.restoreAllMocks());

const nameInput = () => screen.getByLabelText("Template Name", { exact: false }) as HTMLInputElement;
const typeName = (value: string) => fireEvent.change(nameInput(), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId("template-save"));

/** The details page: its template as the server gave it, read again by router.refresh() (here: the latest version after `saveElsewhere`). */
function Page({ canWrite = true, latest = TEMPLATE }: { canWrite?: boolean; latest?: ReportTemplateDetails }) {
  const [template, setTemplate] = useState(TEMPLATE);
  useEffect(() => void refresh.mockImplementation(() => setTemplate(latest)), [latest]);
  return <TemplateDetails template={template} canWrite={canWrite} timeZone="UTC" recipientRule={RULE} />;
}

/** The page's beforeunload listeners still attached. */
function unloadListeners() {
  const add = jest.spyOn(window, "addEventListener");
  const remove = jest.spyOn(window, "removeEventListener");
  const count = (spy: jest.SpyInstance) => spy.mock.calls.filter(([type]) => type === "beforeunload").length;
  return () => count(add) - count(remove);
}

test("a save refused because someone else saved first keeps the typed values and shows the conflict; Reload brings the latest version", async () => {
  update.mockResolvedValue(STALE);
  render(<Page latest={{ ...TEMPLATE, name: "Monthly spend", version: 4 }} />);
  expect(screen.queryByTestId("template-conflict")).not.toBeInTheDocument();
  typeName("Weekly spend (EU)");
  save();

  expect(await screen.findByTestId("template-conflict")).toHaveTextContent("Your changes are still in the form. Reloading shows the latest saved version instead.");
  expect(screen.getByTestId("template-form-error")).toHaveTextContent(STALE.formError);
  expect(nameInput()).toHaveValue("Weekly spend (EU)");
  expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 3, version: 3, name: "Weekly spend (EU)" }));

  fireEvent.click(screen.getByTestId("template-reload"));
  expect(refresh).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(nameInput()).toHaveValue("Monthly spend"));
  expect(screen.queryByTestId("template-conflict")).not.toBeInTheDocument();
  // The next save is checked against the version read again.
  update.mockResolvedValue({ ok: true, data: { ...TEMPLATE, name: "Monthly spend (EU)", version: 5 } });
  typeName("Monthly spend (EU)");
  save();
  await waitFor(() => expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3, version: 4, name: "Monthly spend (EU)" })));
});

test("any other refusal shows its message without the conflict notice", async () => {
  update.mockResolvedValue({ ok: false, status: 500 });
  render(<Page />);
  typeName("Weekly spend (EU)");
  save();
  expect(await screen.findByTestId("template-form-error")).toHaveTextContent("Server error, Please try after sometime");
  expect(screen.queryByTestId("template-conflict")).not.toBeInTheDocument();
});

test("the page warns before leaving while the form holds changes, no more once saved, and again for changes typed after", async () => {
  const listeners = unloadListeners();
  update.mockResolvedValue({ ok: true, data: { ...TEMPLATE, name: "Weekly spend (EU)", version: 4 } });
  render(<Page />);
  expect(listeners()).toBe(0);
  typeName("Weekly spend (EU)");
  await waitFor(() => expect(listeners()).toBe(1));

  save();
  await waitFor(() => expect(listeners()).toBe(0));
  // The form stays, holding what was saved.
  expect(nameInput()).toHaveValue("Weekly spend (EU)");
  expect(refresh).toHaveBeenCalled();

  typeName("Weekly spend (US)");
  await waitFor(() => expect(listeners()).toBe(1));
});

test("read-only: every control disabled, and no warning", () => {
  const listeners = unloadListeners();
  render(<Page canWrite={false} />);
  expect(nameInput()).toBeDisabled();
  expect(screen.getByTestId("template-save")).toBeDisabled();
  typeName("Weekly spend (EU)");
  expect(listeners()).toBe(0);
});
