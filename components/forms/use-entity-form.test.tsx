/**
 * @jest-environment jsdom
 */
// The entity form hook through a small form: create or update by the mode,
// the conflict notice only for an edit refused as stale, the details page or
// the caller's onSaved after a save, and the unsaved-changes warning (only
// for writers, not once saved, not when the caller guards leaving itself).
import { useEffect, useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { z } from "@/lib/validation/z";
import type { ActionResult } from "@/lib/actions/result";
import { useEntityForm, type UseEntityFormOptions } from "./use-entity-form";

jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));
const push = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh }) }));

type Values = { name: string };
type Saved = { id: number };
const Schema = z.object({ name: z.string().min(1, "Name is required") });
const SAVED: ActionResult<Saved> = { ok: true, data: { id: 7 } };
const STALE: ActionResult<Saved> = { ok: false, status: 409, formError: "Changed by someone else" };

function NameForm(props: Partial<UseEntityFormOptions<Values, Saved>>) {
  const { form, frame, unsaved } = useEntityForm<Values, Saved>({
    mode: "create",
    schema: Schema,
    initial: { name: "Shoes" },
    canWrite: true,
    create: async () => SAVED,
    update: async () => SAVED,
    ...props,
  });
  return (
    <form id={frame.formId} noValidate onSubmit={frame.onSubmit}>
      {frame.formError ? <p data-testid="form-error">{frame.formError}</p> : null}
      {frame.conflict ? <p data-testid="conflict">conflict</p> : null}
      {unsaved ? <p data-testid="unsaved">unsaved</p> : null}
      <input aria-label="Name" {...form.register("name")} />
      <button type="submit">Save</button>
    </form>
  );
}

const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));
const type = (value: string) => fireEvent.change(screen.getByLabelText("Name"), { target: { value } });
const listeners = () => (window.addEventListener as jest.Mock).mock.calls.filter(([name]) => name === "beforeunload").length;

beforeAll(() => {
  window.HTMLElement.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(window, "addEventListener");
});
afterEach(() => jest.restoreAllMocks());

test("create and edit send to their own action; a save opens the details page after the caller's onSaved", async () => {
  const create = jest.fn(async () => SAVED);
  const update = jest.fn(async () => SAVED);
  const onSaved = jest.fn(() => expect(push).not.toHaveBeenCalled());
  const { unmount } = render(<NameForm create={create} update={update} onSaved={onSaved} detailsHref={(id) => `/thing/details/${id}`} />);
  save();
  await waitFor(() => expect(push).toHaveBeenCalledWith("/thing/details/7"));
  // A create carries its form instance's idempotency key (./submission-key.test.tsx); an edit none.
  expect(create).toHaveBeenCalledWith({ name: "Shoes", idempotencyKey: expect.any(String) });
  expect(update).not.toHaveBeenCalled();
  expect(onSaved).toHaveBeenCalledWith({ id: 7 }, { name: "Shoes" });
  expect(refresh).toHaveBeenCalled();
  unmount();

  render(<NameForm mode="edit" create={create} update={update} />);
  save();
  await waitFor(() => expect(update).toHaveBeenCalledWith({ name: "Shoes" }));
  expect(create).toHaveBeenCalledTimes(1);
  // No details page given: the form stays where it is.
  expect(push).toHaveBeenCalledTimes(1);
});

test("a stale edit keeps the typed values and shows the conflict, which goes with the next try; a create is never a conflict", async () => {
  const onFailure = jest.fn();
  const update = jest.fn<Promise<ActionResult<Saved>>, [Values]>().mockResolvedValueOnce(STALE).mockResolvedValueOnce({ ok: false, status: 500 });
  const { unmount } = render(<NameForm mode="edit" update={update} onFailure={onFailure} />);
  type("Boots");
  save();
  expect(await screen.findByTestId("conflict")).toBeTruthy();
  expect(screen.getByTestId("form-error").textContent).toBe("Changed by someone else");
  expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Boots");
  expect(onFailure).toHaveBeenCalledWith(STALE);
  save();
  await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(screen.queryByTestId("conflict")).toBeNull());
  unmount();

  render(<NameForm create={async () => STALE} />);
  save();
  expect(await screen.findByTestId("form-error")).toBeTruthy();
  expect(screen.queryByTestId("conflict")).toBeNull();
});

test("the browser warns while a writer's form holds changes, and no more once saved", async () => {
  render(<NameForm />);
  expect(listeners()).toBe(0);
  type("Boots");
  expect(screen.getByTestId("unsaved")).toBeTruthy();
  expect(listeners()).toBe(1);
  save();
  await waitFor(() => expect(screen.queryByTestId("unsaved")).toBeNull());
});

test("no warning for a read-only form, nor from the hook when the caller guards leaving itself", () => {
  const { unmount } = render(<NameForm canWrite={false} />);
  type("Boots");
  expect(screen.queryByTestId("unsaved")).toBeNull();
  unmount();

  render(<NameForm warnUnsaved={false} />);
  type("Boots");
  // The caller still learns that leaving would lose the changes.
  expect(screen.getByTestId("unsaved")).toBeTruthy();
  expect(listeners()).toBe(0);
});

test("reload() drops the conflict and, once the page's data is read again, starts the form from the latest values", async () => {
  const update = jest.fn(async (): Promise<ActionResult<Saved>> => STALE);
  /** A form the page does not remount: its `initial` follows the page's data, which router.refresh() reads again. */
  function Page() {
    const [name, setName] = useState("Shoes");
    useEffect(() => void refresh.mockImplementation(() => setName("Sandals")), []);
    const { form, frame, reload } = useEntityForm<Values, Saved>({ mode: "edit", schema: Schema, initial: { name }, canWrite: true, update });
    return (
      <form id={frame.formId} noValidate onSubmit={frame.onSubmit}>
        {frame.conflict ? (
          <button type="button" onClick={reload}>
            Reload
          </button>
        ) : null}
        <input aria-label="Name" {...form.register("name")} />
        <button type="submit">Save</button>
      </form>
    );
  }
  render(<Page />);
  type("Boots");
  save();
  fireEvent.click(await screen.findByRole("button", { name: "Reload" }));
  expect(refresh).toHaveBeenCalledTimes(1);
  await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Sandals"));
  expect(screen.queryByRole("button", { name: "Reload" })).toBeNull();
  // Nothing else moves the form: the data read again without reload() leaves the typed values alone.
  type("Clogs");
  await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Clogs"));
});

test("a form that stays after a save counts later changes as unsaved again", async () => {
  function StayingForm() {
    const { form, frame, unsaved } = useEntityForm<Values, Saved>({
      mode: "edit",
      schema: Schema,
      initial: { name: "Shoes" },
      canWrite: true,
      staysAfterSave: true,
      update: async () => SAVED,
      onSaved: (_saved, values) => form.reset(values),
    });
    return (
      <form id={frame.formId} noValidate onSubmit={frame.onSubmit}>
        {unsaved ? <p data-testid="unsaved">unsaved</p> : null}
        <input aria-label="Name" {...form.register("name")} />
        <button type="submit">Save</button>
      </form>
    );
  }
  render(<StayingForm />);
  type("Boots");
  expect(screen.getByTestId("unsaved")).toBeTruthy();
  save();
  await waitFor(() => expect(screen.queryByTestId("unsaved")).toBeNull());
  type("Clogs");
  expect(screen.getByTestId("unsaved")).toBeTruthy();
  expect(listeners()).toBeGreaterThan(1);
});

test("a form that only creates needs no update, one that only edits no create", async () => {
  const create = jest.fn(async () => SAVED);
  const update = jest.fn(async () => SAVED);
  const { unmount } = render(<NameForm mode="create" create={create} update={undefined} />);
  save();
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  unmount();
  render(<NameForm mode="edit" create={undefined} update={update} />);
  save();
  await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  expect(create).toHaveBeenCalledTimes(1);
});
