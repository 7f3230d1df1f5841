/**
 * @jest-environment jsdom
 */
// The one dialog shell: Escape, the ✕ and a press outside close it; an
// "explicit" dialog ignores the press outside; a dialog that is not closable
// ignores all three; Escape with a popover open inside closes the popover and
// keeps the dialog.
import { useState } from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Modal, type ModalProps } from "./modal";
import { Popover } from "./popover";

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>outside</p>
      <Modal open={open} onOpenChange={setOpen} title="Edit Pixel" testId="dialog" {...props}>
        <input aria-label="Name" />
      </Modal>
    </>
  );
}

const dialog = () => screen.queryByTestId("dialog");
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
/** Radix reads a press outside from pointerdown on the document, listening from the tick after opening. */
async function pressOutside() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.pointerDown(screen.getByText("outside"));
}

test("a dialog is named by its title and closes with Escape", () => {
  render(<Harness />);
  expect(screen.getByRole("dialog", { name: "Edit Pixel" })).toBe(dialog());
  escape();
  expect(dialog()).toBeNull();
});

test("the close button closes it; closeLabel names it", () => {
  render(<Harness closeLabel="Close menu" />);
  fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
  expect(dialog()).toBeNull();
});

test("a press outside closes a dialog by default", async () => {
  render(<Harness />);
  await pressOutside();
  expect(dialog()).toBeNull();
});

test("an 'explicit' dialog stays open on a press outside, but Escape and the close button still close it", async () => {
  const { unmount } = render(<Harness dismissible="explicit" />);
  await pressOutside();
  expect(dialog()).not.toBeNull();
  escape();
  expect(dialog()).toBeNull();
  unmount();
  render(<Harness dismissible="explicit" />);
  fireEvent.click(screen.getByRole("button", { name: "Close" }));
  expect(dialog()).toBeNull();
});

test("closable={false}: no close button, and neither Escape nor a press outside closes it", async () => {
  render(<Harness closable={false} />);
  expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  escape();
  await pressOutside();
  expect(dialog()).not.toBeNull();
});

test("closeButton={false} drops the ✕ and keeps Escape; header={false} keeps the title for screen readers only", () => {
  render(<Harness closeButton={false} header={false} />);
  expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
  expect(screen.getByRole("dialog", { name: "Edit Pixel" })).toBeTruthy();
  expect(screen.getByText("Edit Pixel").className).toContain("sr-only");
  escape();
  expect(dialog()).toBeNull();
});

test("the description is read with the dialog; hideDescription keeps it for screen readers", () => {
  render(<Harness description="Choose the licensee to work in." hideDescription />);
  const description = screen.getByText("Choose the licensee to work in.");
  expect(screen.getByRole("dialog").getAttribute("aria-describedby")).toBe(description.id);
  expect(description.className).toContain("sr-only");
});

function WithPopover() {
  const [open, setOpen] = useState(true);
  const [popover, setPopover] = useState(true);
  return (
    <Modal open={open} onOpenChange={setOpen} title="Activity Logs" testId="dialog">
      <Popover
        open={popover}
        onClose={() => setPopover(false)}
        panelClassName="right-0"
        panelProps={{ "data-testid": "panel" }}
        trigger={(props) => (
          <button type="button" {...props} onClick={() => setPopover(!popover)}>
            Module
          </button>
        )}
      >
        <label>
          <input type="checkbox" /> Campaign
        </label>
      </Popover>
    </Modal>
  );
}

test("Escape with a popover open inside closes the popover first, then the dialog", () => {
  render(<WithPopover />);
  expect(screen.getByTestId("panel")).toBeTruthy();
  escape();
  expect(screen.queryByTestId("panel")).toBeNull();
  expect(dialog()).not.toBeNull();
  escape();
  expect(dialog()).toBeNull();
});
