/**
 * @jest-environment jsdom
 */
// What a create form sends so that a double-clicked Save creates one record
// (lib/actions/idempotency.ts): its instance's idempotency key, the same on
// every submission until one succeeds, a new one for a new instance or after
// a success; a second click while the first save is on its way sends nothing
// (and the Save button is disabled meanwhile); an edit sends no key.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { z } from "@/lib/validation/z";
import type { ActionResult } from "@/lib/actions/result";
import { isIdempotencyKey } from "@/lib/actions/idempotency-key";
import { SubmitButton } from "@/components/ui/button";
import { useEntityForm, type UseEntityFormOptions } from "./use-entity-form";
import { useActionForm } from "./use-action-form";

jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

type Values = { name: string };
type Saved = { id: number };
type Sent = Values & { idempotencyKey?: string };
const Schema = z.object({ name: z.string().min(1, "Name is required") });
const SAVED: ActionResult<Saved> = { ok: true, data: { id: 7 } };
const REFUSED: ActionResult<Saved> = { ok: false, status: 400, fieldErrors: { name: "Name is taken" } };

function CreateForm(props: Partial<UseEntityFormOptions<Values, Saved>>) {
  const { form, frame } = useEntityForm<Values, Saved>({ mode: "create", schema: Schema, initial: { name: "Shoes" }, canWrite: true, create: async () => SAVED, ...props } as UseEntityFormOptions<Values, Saved>);
  return (
    <form id={frame.formId} noValidate onSubmit={frame.onSubmit}>
      <input aria-label="Name" {...form.register("name")} />
      <SubmitButton submitting={frame.submitting} />
    </form>
  );
}

const save = () => fireEvent.click(screen.getByRole("button", { name: /Save|Saving/ }));
const keysOf = (action: jest.Mock) => action.mock.calls.map(([sent]: [Sent]) => sent.idempotencyKey);

test("one form instance sends one key until a save succeeds; a new instance has its own", async () => {
  const create = jest.fn<Promise<ActionResult<Saved>>, [Sent]>(async () => REFUSED);
  const { unmount } = render(<CreateForm create={create} />);
  save();
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  await screen.findByRole("button", { name: "Save" });
  create.mockImplementation(async () => SAVED);
  save();
  await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
  const [first, retried] = keysOf(create);
  expect(isIdempotencyKey(first)).toBe(true);
  // The refused submission created nothing, so the retry may keep its key.
  expect(retried).toBe(first);
  unmount();

  render(<CreateForm create={create} />);
  save();
  await waitFor(() => expect(create).toHaveBeenCalledTimes(3));
  expect(keysOf(create)[2]).not.toBe(first);
  expect(isIdempotencyKey(keysOf(create)[2])).toBe(true);
});

test("a form that stays after a create sends a new key for the next record", async () => {
  const create = jest.fn<Promise<ActionResult<Saved>>, [Sent]>(async () => SAVED);
  render(<CreateForm create={create} onSaved={() => undefined} />);
  save();
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  await screen.findByRole("button", { name: "Save" });
  save();
  await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
  const [first, next] = keysOf(create);
  expect(next).not.toBe(first);
});

test("a second click while the save is on its way sends nothing; Save is disabled until the answer", async () => {
  let answer!: (result: ActionResult<Saved>) => void;
  const create = jest.fn<Promise<ActionResult<Saved>>, [Sent]>(() => new Promise((resolve) => (answer = resolve)));
  render(<CreateForm create={create} />);
  // Submitted twice (a double click can land before React renders the disabled button): the hook itself drops the second.
  const button = screen.getByRole("button", { name: "Save" });
  fireEvent.submit(button.closest("form")!);
  fireEvent.submit(button.closest("form")!);
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  expect((screen.getByRole("button", { name: "Saving..." }) as HTMLButtonElement).disabled).toBe(true);
  save();
  answer(SAVED);
  await screen.findByRole("button", { name: "Save" });
  expect(create).toHaveBeenCalledTimes(1);
});

test("an edit sends no key", async () => {
  const update = jest.fn<Promise<ActionResult<Saved>>, [Sent]>(async () => SAVED);
  render(<CreateForm mode="edit" create={undefined} update={update} />);
  save();
  await waitFor(() => expect(update).toHaveBeenCalledWith({ name: "Shoes" }));
});

test("useActionForm sends a key only for a form that says it creates", async () => {
  const action = jest.fn<Promise<ActionResult<Saved>>, [Sent]>(async () => SAVED);
  function Form({ idempotent }: { idempotent: boolean }) {
    const { form, onSubmit, submitting } = useActionForm<Values, Saved>({ schema: Schema, defaultValues: { name: "Key" }, action, idempotent });
    return (
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <input aria-label="Name" {...form.register("name")} />
        <SubmitButton submitting={submitting} />
      </form>
    );
  }
  const { unmount } = render(<Form idempotent />);
  save();
  await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  expect(isIdempotencyKey(keysOf(action)[0])).toBe(true);
  unmount();
  render(<Form idempotent={false} />);
  save();
  await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
  expect(action.mock.calls[1][0]).toEqual({ name: "Key" });
});
