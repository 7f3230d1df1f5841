/**
 * @jest-environment jsdom
 */
// The SETTINGS tab as the user meets it: 'No changes detected' without a call,
// the server's messages beside the field, 'Failed to update advertiser
// settings' when the call fails, live click-signing warnings, and what RO and
// DEMO users get.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { updateAdvertiserSettingAction } from "@/lib/advertiser-settings/actions";
import { toSettingViews } from "@/lib/advertiser-settings/views";
import { AdvertiserSettingsView, type WriteMode } from "./settings-view";

jest.mock("@/lib/advertiser-settings/actions", () => ({ updateAdvertiserSettingAction: jest.fn() }));
// Pulled in by the session-expiry handling (components/account/session-events);
// the real module loads next/cache, which jsdom cannot. Never called here.
jest.mock("@/lib/account/actions", () => ({}));
// The MMP postback section's action (tested in postback-section.test.tsx); its real module loads next/cache too.
jest.mock("@/lib/audiences/postback/actions", () => ({ rotatePostbackKeyAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const action = updateAdvertiserSettingAction as jest.MockedFunction<typeof updateAdvertiserSettingAction>;

const RULES = { androidBundle: "com.acme.app", iosBundle: null, slackChannelId: "", auditLogReportEnabled: false };
const settings = toSettingViews([
  { key: "FEED_KEY", value: "sku", version: 3, updatedAt: new Date("2030-01-01T00:00:00Z") },
  { key: "CLICK_SIGNING", value: '{"android":{"isEnabled":false,"packageName":""},"ios":{"isEnabled":false,"appId":""}}', version: 1, updatedAt: new Date() },
]);

function show(mode: WriteMode = "enabled", missingRequired: string[] = []) {
  render(
    <AdvertiserSettingsView
      advertiserId={7}
      settings={settings}
      rules={RULES}
      missingRequired={missingRequired}
      apps={[{ platform: "ANDROID", appName: "com.acme.app" }]}
      mode={mode}
    />,
  );
}
const card = (key: string) => within(screen.getByTestId(`setting-${key}`));

beforeEach(() => {
  action.mockReset();
  refresh.mockReset();
});

test("saving an unchanged value says 'No changes detected' without calling the server", async () => {
  show();
  fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  expect(await card("FEED_KEY").findByText("No changes detected")).toBeTruthy();
  expect(action).not.toHaveBeenCalled();
});

test("a value saves with key, type and text on the loaded version", async () => {
  action.mockResolvedValue({ ok: true, data: { key: "FEED_KEY", changed: true, message: "Feed key saved", version: 4, warnings: {} } });
  show();
  fireEvent.change(card("FEED_KEY").getByLabelText(/Feed key/), { target: { value: " product_id " } });
  fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  expect(await card("FEED_KEY").findByText("Feed key saved")).toBeTruthy();
  expect(action).toHaveBeenCalledWith({ advertiserId: 7, version: 3, key: "FEED_KEY", type: "STRING", value: "product_id" });
  expect(refresh).toHaveBeenCalled();
});

test("a second save before the page refreshes goes on the version the first one returned, and the saved value counts as unchanged", async () => {
  action
    .mockResolvedValueOnce({ ok: true, data: { key: "FEED_KEY", changed: true, message: "Feed key saved", version: 4, warnings: {} } })
    .mockResolvedValueOnce({ ok: true, data: { key: "FEED_KEY", changed: true, message: "Feed key saved", version: 5, warnings: {} } });
  show();
  const input = card("FEED_KEY").getByLabelText(/Feed key/);
  const save = () => fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  fireEvent.change(input, { target: { value: "first" } });
  save();
  await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
  expect(await card("FEED_KEY").findByText("Feed key saved")).toBeTruthy();

  save();
  expect(await card("FEED_KEY").findByText("No changes detected")).toBeTruthy();
  expect(action).toHaveBeenCalledTimes(1);

  fireEvent.change(input, { target: { value: "second" } });
  save();
  await waitFor(() => expect(action).toHaveBeenCalledTimes(2));
  expect(action).toHaveBeenLastCalledWith({ advertiserId: 7, version: 4, key: "FEED_KEY", type: "STRING", value: "second" });
});

test("the form's own rule shows beside the field; the server's too; a failed call is 'Failed to update advertiser settings'", async () => {
  show();
  const input = card("FEED_KEY").getByLabelText(/Feed key/);
  fireEvent.change(input, { target: { value: "" } });
  fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  expect((await screen.findByTestId("setting-FEED_KEY-value-error")).textContent).toBe("Feed key is required");
  expect(action).not.toHaveBeenCalled();

  action.mockResolvedValueOnce({ ok: false, status: 400, fieldErrors: { value: "Taken by another feed" }, formError: "Please correct the highlighted fields." });
  fireEvent.change(input, { target: { value: "other" } });
  fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  await waitFor(() => expect(screen.getByTestId("setting-FEED_KEY-value-error").textContent).toBe("Taken by another feed"));

  action.mockResolvedValueOnce({ ok: false, status: 500, formError: "Server error, Please try after sometime" });
  fireEvent.change(input, { target: { value: "again" } });
  fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  expect(await card("FEED_KEY").findByText("Failed to update advertiser settings")).toBeTruthy();

  action.mockRejectedValueOnce(new Error("network"));
  fireEvent.change(input, { target: { value: "third" } });
  fireEvent.click(card("FEED_KEY").getByRole("button", { name: "Save" }));
  await waitFor(() => expect(screen.getByTestId("setting-notice-FEED_KEY").textContent).toBe("Failed to update advertiser settings"));
});

test("click signing warns live when the package is unknown or differs", async () => {
  show();
  const pkg = card("CLICK_SIGNING").getByLabelText("Android package name");
  fireEvent.change(pkg, { target: { value: "com.nowhere.app" } });
  expect((await screen.findByTestId("setting-CLICK_SIGNING-android-packageName-warning")).textContent).toBe("Entered package not found in system");
  fireEvent.change(pkg, { target: { value: "com.acme.app" } });
  await waitFor(() => expect(screen.queryByTestId("setting-CLICK_SIGNING-android-packageName-warning")).toBeNull());
  // iOS cannot be enabled: the advertiser has no iOS app id.
  fireEvent.click(card("CLICK_SIGNING").getByRole("switch", { name: "iOS click signing enabled" }));
  fireEvent.click(card("CLICK_SIGNING").getByRole("button", { name: "Save" }));
  expect((await screen.findByTestId("setting-CLICK_SIGNING-ios-enabled-error")).textContent).toBe(
    "iOS click signing needs the advertiser's iOS app id",
  );
  expect(action).not.toHaveBeenCalled();
});

test("RO users see values only; DEMO users see the editors disabled", () => {
  show("hidden");
  expect(screen.queryAllByRole("button", { name: "Save" })).toHaveLength(0);
  expect(screen.getByTestId("setting-value-FEED_KEY").textContent).toBe("sku");
  expect(screen.getByTestId("setting-not-set-LIFT_TEST_ACTIVE").textContent).toBe("Not set · default: Off");
  document.body.innerHTML = "";

  show("disabled");
  const saves = screen.getAllByRole("button", { name: "Save" });
  expect(saves.length).toBe(11);
  expect(saves.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  expect(card("FEED_KEY").getByLabelText(/Feed key/).matches(":disabled")).toBe(true);
  expect(screen.getAllByRole("switch").every((s) => (s as HTMLButtonElement).disabled)).toBe(true);
  expect(screen.getByRole("link", { name: "Logos, fallback and overlay images" }).getAttribute("href")).toBe("/advertiser/details/7/images");
});

test("when the app bundles cannot be fetched, click signing says 'Failed to fetch app bundles' and stays editable", async () => {
  action.mockResolvedValue({ ok: true, data: { key: "CLICK_SIGNING", changed: true, message: "Click signing saved", version: 2, warnings: {} } });
  render(<AdvertiserSettingsView advertiserId={7} settings={settings} rules={RULES} missingRequired={[]} apps={null} mode="enabled" />);
  expect(screen.getByTestId("click-signing-apps-error").textContent).toBe("Failed to fetch app bundles");
  expect(screen.getAllByText("Failed to fetch app bundles")).toHaveLength(1); // the click-signing card only

  // No list to suggest from or check against: an unknown package only gets the "differs" warning.
  const pkg = card("CLICK_SIGNING").getByLabelText("Android package name");
  expect(document.getElementById(`${pkg.id}-apps`)?.children).toHaveLength(0);
  fireEvent.change(pkg, { target: { value: "com.nowhere.app" } });
  expect((await screen.findByTestId("setting-CLICK_SIGNING-android-packageName-warning")).textContent).toBe(
    "Selected package differs from click-signing settings",
  );

  fireEvent.click(card("CLICK_SIGNING").getByRole("button", { name: "Save" }));
  expect(await card("CLICK_SIGNING").findByText("Click signing saved")).toBeTruthy();
  expect(action).toHaveBeenCalledWith(expect.objectContaining({ advertiserId: 7, version: 1, key: "CLICK_SIGNING", type: "JSON" }));
  expect(JSON.parse((action.mock.calls[0][0] as { value: string }).value)).toMatchObject({ android: { packageName: "com.nowhere.app" } });
});

test("with the app bundles fetched, no fetch failure is shown", () => {
  show();
  expect(screen.queryByTestId("click-signing-apps-error")).toBeNull();
  expect(screen.queryByText("Failed to fetch app bundles")).toBeNull();
});

test.each<WriteMode>(["enabled", "hidden", "disabled"])(
  "required settings without a value are flagged beside the setting and counted at the top (%s)",
  (mode) => {
    show(mode, ["FEED_KEY", "DATE_FORMAT"]);
    expect(screen.getByTestId("settings-required-missing").textContent).toBe("2 required settings are not set: Feed key, Date format.");
    expect(card("FEED_KEY").getByTestId("setting-required-missing-FEED_KEY").textContent).toBe("Required: not set");
    expect(card("DATE_FORMAT").getByText("Required: not set")).toBeTruthy();
    expect(screen.getAllByText("Required: not set")).toHaveLength(2);
  },
);

test("with every required setting set, there is no warning", () => {
  show("enabled", []);
  expect(screen.queryByTestId("settings-required-missing")).toBeNull();
  expect(screen.queryByText("Required: not set")).toBeNull();
});
