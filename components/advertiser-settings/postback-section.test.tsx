/**
 * @jest-environment jsdom
 */
// The MMP postback section of the SETTINGS tab as users meet it: the URL with
// its macros and a placeholder for the key; RW generates a key and sees the
// URL with it once; rotating asks first; a refusal is shown; RO sees no
// button, DEMO a disabled one.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { rotatePostbackKeyAction } from "@/lib/audiences/postback/actions";
import type { WriteControls } from "@/lib/list/types";
import { PostbackSection } from "./postback-section";

jest.mock("@/lib/audiences/postback/actions", () => ({ rotatePostbackKeyAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const action = rotatePostbackKeyAction as jest.MockedFunction<typeof rotatePostbackKeyAction>;

const KEY = "k".repeat(43);

function show(mode: WriteControls, isSet = false) {
  render(<PostbackSection advertiserId={7} origin="https://console.example.com" isSet={isSet} generatedAt={isSet ? "2026-11-01T10:00:00.000Z" : null} mode={mode} />);
}

beforeEach(() => {
  action.mockReset();
  refresh.mockReset();
});

test("the URL names every parameter with a macro placeholder and no key; the parameters are explained", () => {
  show("enabled");
  expect(screen.getByTestId("postback-url").textContent).toContain(
    "https://console.example.com/api/mmp/7?key=YOUR_POSTBACK_KEY&event={EVENT_NAME}&device_id={IDFA_OR_GAID}&os={ios|android}&country={COUNTRY_CODE}&value={REVENUE}&event_time={EVENT_TIME}",
  );
  expect(within(screen.getByTestId("postback-parameters")).getAllByRole("term").map((t) => t.textContent)).toEqual([
    "key", "event", "device_id", "os", "country", "value", "event_time",
  ]);
  expect(screen.getByTestId("postback-key-status").textContent).toMatch(/No postback key yet/);
});

test("a read-write user generates the first key at once and sees the URL with it, once", async () => {
  action.mockResolvedValue({ ok: true, data: { advertiserId: 7, isSet: true, generatedAt: "2026-11-27T10:00:00.000Z", key: KEY } });
  show("enabled");
  fireEvent.click(screen.getByTestId("postback-key-generate"));
  expect((await screen.findByTestId("postback-url-with-key")).textContent).toContain(`/api/mmp/7?key=${KEY}&event=`);
  expect(screen.getByTestId("postback-key-once").textContent).toMatch(/not shown again/);
  expect(action).toHaveBeenCalledWith({ advertiserId: 7 });
  expect(refresh).toHaveBeenCalled();
});

test("rotating an existing key asks first; Cancel changes nothing; a refusal is shown", async () => {
  action.mockResolvedValue({ ok: false, status: 409, formError: "This advertiser is archived and can no longer be changed." });
  show("enabled", true);
  expect(screen.getByTestId("postback-key-generate").textContent).toBe("Rotate key");
  fireEvent.click(screen.getByTestId("postback-key-generate"));
  fireEvent.click(within(await screen.findByTestId("postback-key-confirm")).getByRole("button", { name: "Cancel" }));
  expect(action).not.toHaveBeenCalled();

  fireEvent.click(screen.getByTestId("postback-key-generate"));
  fireEvent.click(within(await screen.findByTestId("postback-key-confirm")).getByRole("button", { name: "Yes" }));
  expect((await screen.findByTestId("postback-key-notice")).textContent).toBe("This advertiser is archived and can no longer be changed.");
  expect(screen.queryByTestId("postback-url-with-key")).toBeNull();
});

test.each<[WriteControls, string]>([
  ["hidden", "no button for read-only users"],
  ["disabled", "a disabled button for demo users"],
])("mode %s: %s", (mode) => {
  show(mode, true);
  const button = screen.queryByTestId("postback-key-generate") as HTMLButtonElement | null;
  if (mode === "hidden") expect(button).toBeNull();
  else expect(button?.disabled).toBe(true);
  // The URL template is there for everyone.
  expect(screen.getByTestId("postback-url")).toBeTruthy();
});
