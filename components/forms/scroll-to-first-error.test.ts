/**
 * @jest-environment jsdom
 */
import { scrollToFirstError } from "./use-action-form";

const FRAME_MS = 20;

beforeEach(() => {
  jest.useFakeTimers();
  document.body.innerHTML = `<form id="f"><input id="name" /><input id="type" /></form>`;
  Element.prototype.scrollIntoView = jest.fn();
});
afterEach(() => jest.useRealTimers());

test("scrolls to the first invalid field once React has marked it, even a few frames late", () => {
  scrollToFirstError("f");
  jest.advanceTimersByTime(2 * FRAME_MS); // the render has not committed yet: nothing is marked
  expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  document.getElementById("type")!.setAttribute("aria-invalid", "true");
  document.getElementById("name")!.setAttribute("aria-invalid", "true");
  jest.advanceTimersByTime(FRAME_MS);
  expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
  expect((Element.prototype.scrollIntoView as jest.Mock).mock.contexts[0]).toBe(document.getElementById("name"));
});

test("gives up when nothing is ever marked", () => {
  scrollToFirstError("f");
  jest.advanceTimersByTime(100 * FRAME_MS);
  expect(Element.prototype.scrollIntoView).not.toHaveBeenCalled();
  expect(jest.getTimerCount()).toBe(0);
});
