// Which required settings count as "not set" on the SETTINGS tab.
import { missingRequiredSettings, missingRequiredSummary } from "./required";
import { toSettingViews } from "./views";

const row = (key: string, value: string) => ({ key, value, version: 1, updatedAt: new Date("2030-01-01T00:00:00Z") });

test("a new advertiser (no rows) misses only the required keys whose default is empty: the feed key", () => {
  expect(missingRequiredSettings(toSettingViews([]))).toEqual(["FEED_KEY"]);
});

test("a stored feed key clears it; blank stored values of required keys are missing", () => {
  expect(missingRequiredSettings(toSettingViews([row("FEED_KEY", "sku")]))).toEqual([]);
  expect(
    missingRequiredSettings(
      toSettingViews([
        row("FEED_KEY", "  "),
        row("DATE_FORMAT", ""),
        row("CREATIVE_NAME_FORMAT", ""),
        row("SKU_ALLOWED_CHARS", ""),
        row("TRANSACTION_CURRENCY", '{"currency":""}'),
      ]),
    ),
  ).toEqual(["CREATIVE_NAME_FORMAT", "FEED_KEY", "SKU_ALLOWED_CHARS", "TRANSACTION_CURRENCY", "DATE_FORMAT"]);
});

test("optional settings are never reported, even when empty", () => {
  const missing = missingRequiredSettings(toSettingViews([row("FEED_KEY", "sku"), row("SLACK_CHANNEL_ID", ""), row("SKAD_NETWORK_TARGET", "")]));
  expect(missing).toEqual([]);
});

test("the summary line counts them", () => {
  expect(missingRequiredSummary(0)).toBeNull();
  expect(missingRequiredSummary(1)).toBe("1 required setting is not set");
  expect(missingRequiredSummary(3)).toBe("3 required settings are not set");
});
