/**
 * @jest-environment jsdom
 */
// The 350 ms name-search debounce of the menu search and breadcrumb dropdowns
// (shell.md 2.6, 2.7, 9): nothing is asked before 350 ms after the last
// keystroke, exactly one search at 350 ms, a new keystroke restarts the wait,
// and an answer for an older text that arrives late never replaces the list.
import { act, renderHook } from "@testing-library/react";
import type { ActionResult } from "@/lib/actions/result";
import { MENU_SEARCH_DEBOUNCE_MS } from "@/lib/menu/constants";
import type { MenuItem } from "@/lib/menu/types";
import { useDebouncedSearch } from "./use-debounced-search";

type Answer = ActionResult<MenuItem[]>;

/** A search whose answers the test releases one by one, in any order. */
function controlledSearch() {
  const pending = new Map<string, (answer: Answer) => void>();
  const search = jest.fn(
    (text: string) =>
      new Promise<Answer>((resolve) => {
        pending.set(text, resolve);
      }),
  );
  const answer = async (text: string, names: string[]) => {
    const resolve = pending.get(text);
    if (!resolve) throw new Error(`no search was sent for "${text}"`);
    await act(async () => resolve({ ok: true, data: names.map((name, i) => ({ id: i + 1, name, active: true })) }));
  };
  return { search, answer };
}

function typeInto(search: (text: string) => Promise<Answer>, options?: Parameters<typeof useDebouncedSearch>[2]) {
  return renderHook(({ text }) => useDebouncedSearch(text, search, options), { initialProps: { text: "" } });
}

const names = (items: MenuItem[]) => items.map((i) => i.name);
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("the debounce is the spec's 350 ms", () => {
  expect(MENU_SEARCH_DEBOUNCE_MS).toBe(350);
});

test("no search before 350 ms after the keystroke, exactly one at 350 ms; its answer is shown", async () => {
  const { search, answer } = controlledSearch();
  const { result, rerender } = typeInto(search);
  rerender({ text: "acme" });
  await wait(349);
  expect(search).not.toHaveBeenCalled();
  expect(result.current.pending).toBe(true);

  await wait(1);
  expect(search).toHaveBeenCalledTimes(1);
  expect(search).toHaveBeenCalledWith("acme");

  await answer("acme", ["Acme Shoes", "Acme Toys"]);
  expect(names(result.current.items)).toEqual(["Acme Shoes", "Acme Toys"]);
  expect(result.current.pending).toBe(false);
  await wait(5000);
  expect(search).toHaveBeenCalledTimes(1); // no repeat while the text stays the same

  rerender({ text: "acme t" }); // the shown answer belongs to the old text now
  expect(result.current.pending).toBe(true);
});

test("each keystroke restarts the wait: only the last text is searched, 350 ms after it", async () => {
  const { search } = controlledSearch();
  const { rerender } = typeInto(search);
  rerender({ text: "a" });
  await wait(300);
  rerender({ text: "ac" });
  await wait(300);
  rerender({ text: "acm" });
  await wait(349);
  expect(search).not.toHaveBeenCalled();
  await wait(1);
  expect(search.mock.calls).toEqual([["acm"]]);
});

test("a stale answer arriving after the newer one is not shown", async () => {
  const { search, answer } = controlledSearch();
  const { result, rerender } = typeInto(search);
  rerender({ text: "ac" });
  await wait(350);
  rerender({ text: "acme" });
  await wait(350);
  expect(search.mock.calls).toEqual([["ac"], ["acme"]]);

  await answer("acme", ["Acme Shoes"]);
  expect(names(result.current.items)).toEqual(["Acme Shoes"]);
  await answer("ac", ["Acme Shoes", "Acorn Foods", "Active Wear"]); // the slow, older one
  expect(names(result.current.items)).toEqual(["Acme Shoes"]);
  expect(result.current.pending).toBe(false);
});

test("a stale answer arriving before the newer one is not shown either: the list waits for the current text", async () => {
  const { search, answer } = controlledSearch();
  const { result, rerender } = typeInto(search);
  rerender({ text: "ac" });
  await wait(350);
  rerender({ text: "acme" });
  await answer("ac", ["Acorn Foods"]); // arrives during the new wait
  expect(result.current.items).toEqual([]);
  expect(result.current.pending).toBe(true);
  await wait(350);
  await answer("acme", ["Acme Shoes"]);
  expect(names(result.current.items)).toEqual(["Acme Shoes"]);
});

test("a failed search shows no items and reports the failure", async () => {
  const search = jest.fn(async (): Promise<Answer> => ({ ok: false, status: 500, formError: "Server error" }));
  const { result, rerender } = typeInto(search);
  rerender({ text: "x" });
  await act(async () => jest.advanceTimersByTime(350));
  expect(result.current).toEqual({ items: [], pending: false, failed: true });
});

test("while disabled nothing is asked; an opened dropdown asks for the empty text at once", async () => {
  const { search } = controlledSearch();
  const { rerender } = renderHook(({ text, enabled }) => useDebouncedSearch(text, search, { enabled, immediateWhenEmpty: true }), {
    initialProps: { text: "", enabled: false },
  });
  await wait(1000);
  expect(search).not.toHaveBeenCalled();
  rerender({ text: "", enabled: true });
  await wait(0);
  expect(search.mock.calls).toEqual([[""]]);
  rerender({ text: "b", enabled: true }); // typed text still waits the full 350 ms
  await wait(349);
  expect(search).toHaveBeenCalledTimes(1);
  await wait(1);
  expect(search.mock.calls).toEqual([[""], ["b"]]);
});
