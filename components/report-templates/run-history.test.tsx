/**
 * @jest-environment jsdom
 */
// A template's runs as a user reads them: when, scheduled or manual, the
// outcome, the rows sent and the notes (the failure, the skipped recipients,
// the file too large to attach); no runs say so.
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import type { ReportRunView } from "@/lib/report-templates/queries";
import { RunHistory } from "./run-history";

const run = (over: Partial<ReportRunView>): ReportRunView => ({
  id: 1,
  startedAt: "2030-01-02T10:00:00.000Z",
  finishedAt: null,
  slot: "2030-01-02T10:00:00.000Z",
  manual: false,
  status: "SENT",
  rows: 12,
  error: null,
  skippedRecipients: [],
  fileUrl: null,
  ...over,
});

test("each run's row: started, kind, status, rows and notes", () => {
  render(
    <RunHistory
      timeZone="UTC"
      runs={[run({ id: 2, manual: true, status: "FAILED", rows: null, error: "The report could not be read", skippedRecipients: ["a@example.com"] }), run({ id: 1, fileUrl: "/files/1.csv" })]}
    />,
  );
  const table = screen.getByTestId("run-history");
  expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Started", "Kind", "Status", "Rows", "Notes"]);
  const [failed, sent] = screen.getAllByTestId("run-history-row");
  expect(within(failed).getAllByRole("cell").map((td) => td.textContent).slice(1, 4)).toEqual(["Run now", "Failed", "-"]);
  expect(within(failed).getByText("The report could not be read")).toBeInTheDocument();
  expect(within(failed).getByTestId("run-history-skipped")).toHaveTextContent("Not sent to a@example.com");
  expect(within(sent).getByTestId("run-history-status")).toHaveTextContent("Sent");
  expect(within(sent).getAllByRole("cell")[1]).toHaveTextContent(/^Scheduled \(/);
  expect(within(sent).getByTestId("run-history-file")).toHaveAttribute("href", "/files/1.csv");
});

test("no runs: the note instead of the table", () => {
  render(<RunHistory timeZone="UTC" runs={[]} />);
  expect(screen.getByTestId("run-history-empty")).toHaveTextContent("No runs yet.");
  expect(screen.queryByRole("table")).toBeNull();
});
