/**
 * @jest-environment jsdom
 */
// A floating panel closes on Escape (focus back on its trigger) and on a
// press outside; a press inside it, on its trigger's row, or inside a dialog
// it opened keeps it open.
import { useState } from "react";
import { fireEvent, render, screen } from "@testing-library/react";
import { Modal } from "./modal";
import { Popover } from "./popover";

function Harness({ keepMounted = false }: { keepMounted?: boolean }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <p>elsewhere</p>
      <Popover
        open={open}
        onClose={() => setOpen(false)}
        keepMounted={keepMounted}
        panelClassName="right-0 mt-2"
        panelProps={{ role: "dialog", "aria-label": "Choose date range", "data-testid": "panel" }}
        trigger={(props) => (
          <button type="button" {...props} onClick={() => setOpen(!open)}>
            Date range
          </button>
        )}
      >
        <button type="button">Last 7 days</button>
        <button type="button" onClick={() => setAsked(true)}>
          Ask
        </button>
      </Popover>
      <Modal open={asked} onOpenChange={setAsked} title="Warning" testId="question">
        <p>Sure?</p>
      </Modal>
    </>
  );
}

const trigger = () => screen.getByRole("button", { name: "Date range" });
const panel = () => screen.queryByRole("dialog", { name: "Choose date range" });

test("the trigger opens the panel and tells assistive technology which panel it controls", () => {
  render(<Harness />);
  expect(trigger().getAttribute("aria-expanded")).toBe("false");
  expect(panel()).toBeNull();
  fireEvent.click(trigger());
  expect(trigger().getAttribute("aria-expanded")).toBe("true");
  expect(trigger().getAttribute("aria-controls")).toBe(panel()!.id);
});

test("Escape closes the panel and puts the focus back on the trigger", () => {
  render(<Harness />);
  fireEvent.click(trigger());
  const option = screen.getByRole("button", { name: "Last 7 days" });
  option.focus();
  fireEvent.keyDown(option, { key: "Escape" });
  expect(panel()).toBeNull();
  expect(document.activeElement).toBe(trigger());
});

test("a press outside closes it; a press inside does not", () => {
  render(<Harness />);
  fireEvent.click(trigger());
  fireEvent.pointerDown(screen.getByRole("button", { name: "Last 7 days" }));
  expect(panel()).not.toBeNull();
  fireEvent.pointerDown(screen.getByText("elsewhere"));
  expect(panel()).toBeNull();
});

test("a press inside a dialog the panel opened keeps the panel open behind it", () => {
  render(<Harness />);
  fireEvent.click(trigger());
  fireEvent.click(screen.getByRole("button", { name: "Ask" }));
  fireEvent.pointerDown(screen.getByText("Sure?"));
  // (The open dialog hides the page from assistive technology: find the panel by test id.)
  expect(screen.queryByTestId("panel")).not.toBeNull();
});

test("keepMounted keeps the closed panel in the page, hidden", () => {
  render(<Harness keepMounted />);
  const hidden = screen.getByTestId("panel");
  expect(hidden.hidden).toBe(true);
  fireEvent.click(trigger());
  expect(screen.getByTestId("panel")).toBe(hidden);
  expect(hidden.hidden).toBe(false);
});
