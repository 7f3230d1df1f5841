import {
  abbreviateNumber,
  aspectRatio,
  CURRENCY_SYMBOLS,
  currencySymbol,
  decodeAdvertiserId,
  encodeAdvertiserId,
  formatDate,
  formatEndTime,
  formatMarginPricing,
  formatMetricValue,
  formatTimestamp,
  isNeverEnding,
  secondsToTime,
} from "./index";

describe("number abbreviations (K/M/B/T at 1e3/1e6/1e9/1e12, 2 decimals)", () => {
  test.each([
    [0, "0"],
    [999, "999"],
    [999.4, "999"],
    [1000, "1.00K"],
    [1234, "1.23K"],
    [999_994, "999.99K"],
    [999_999, "1.00M"],
    [1_000_000, "1.00M"],
    [2_345_678, "2.35M"],
    [1e9, "1.00B"],
    [7.5e11, "750.00B"],
    [1e12, "1.00T"],
    [1.5e15, "1500.00T"],
    [-1234, "-1.23K"],
    [-12, "-12"],
  ])("number %p → %p", (v, out) => {
    expect(formatMetricValue(v, "number")).toBe(out);
  });

  test("plain numbers below 1000 round to whole numbers", () => {
    expect(formatMetricValue(12.6, "number")).toBe("13");
    expect(abbreviateNumber(999.5, 0)).toBe("1.00K");
  });

  test("null, undefined and non-finite values are '-'", () => {
    expect(formatMetricValue(null, "currency", "USD")).toBe("-");
    expect(formatMetricValue(undefined, "number")).toBe("-");
    expect(formatMetricValue(Number.NaN, "percentage")).toBe("-");
    expect(formatMetricValue(Infinity, "decimal")).toBe("-");
  });
});

describe("currency, percentage and decimal", () => {
  test("currency has the symbol and 2 decimals, abbreviated from 1000", () => {
    expect(formatMetricValue(12.345, "currency", "USD")).toBe("$12.35");
    expect(formatMetricValue(0, "currency", "EUR")).toBe("€0.00");
    expect(formatMetricValue(1234.5, "currency", "EUR")).toBe("€1.23K");
    expect(formatMetricValue(3_400_000, "currency", "INR")).toBe("₹3.40M");
    expect(formatMetricValue(-1500, "currency", "GBP")).toBe("-£1.50K");
    expect(formatMetricValue(-0.5, "currency", "USD")).toBe("-$0.50");
  });

  test("a symbol ending in a letter, or an unknown code, is followed by a space", () => {
    expect(formatMetricValue(10, "currency", "CHF")).toBe("CHF 10.00");
    expect(formatMetricValue(10, "currency", "XYZ")).toBe("XYZ 10.00");
    expect(formatMetricValue(10, "currency")).toBe("10.00");
  });

  test("percentages and decimals have 2 decimals", () => {
    expect(formatMetricValue(12.3456, "percentage")).toBe("12.35%");
    expect(formatMetricValue(0, "percentage")).toBe("0.00%");
    expect(formatMetricValue(-3.1, "percentage")).toBe("-3.10%");
    expect(formatMetricValue(1.5, "decimal")).toBe("1.50");
    expect(formatMetricValue(2500, "decimal")).toBe("2.50K");
  });
});

describe("currency symbols", () => {
  test("at least 28 codes are mapped", () => {
    expect(Object.keys(CURRENCY_SYMBOLS).length).toBeGreaterThanOrEqual(28);
  });

  test.each([
    ["USD", "$"], ["EUR", "€"], ["GBP", "£"], ["INR", "₹"], ["JPY", "¥"], ["CNY", "¥"], ["KRW", "₩"], ["AUD", "A$"],
    ["CAD", "C$"], ["NZD", "NZ$"], ["SGD", "S$"], ["HKD", "HK$"], ["BRL", "R$"], ["MXN", "MX$"], ["CHF", "CHF"],
    ["SEK", "kr"], ["NOK", "kr"], ["DKK", "kr"], ["PLN", "zł"], ["RUB", "₽"], ["TRY", "₺"], ["ZAR", "R"],
    ["AED", "AED"], ["SAR", "SAR"], ["ILS", "₪"], ["THB", "฿"], ["IDR", "Rp"], ["MYR", "RM"], ["PHP", "₱"],
    ["VND", "₫"], ["TWD", "NT$"],
  ])("%s → %s", (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  test("codes are case-insensitive; an unknown code is the code itself", () => {
    expect(currencySymbol("usd")).toBe("$");
    expect(currencySymbol("XYZ")).toBe("XYZ");
    expect(currencySymbol("")).toBe("");
  });
});

describe("dates", () => {
  test("formatDate is DD MMM YYYY, in UTC unless a timezone is given", () => {
    expect(formatDate(new Date("2024-03-05T14:03:09Z"))).toBe("05 Mar 2024");
    expect(formatDate("2024-12-31T23:30:00Z")).toBe("31 Dec 2024");
    expect(formatDate("2024-12-31T23:30:00Z", "Asia/Kolkata")).toBe("01 Jan 2025");
    expect(formatDate("2024-01-01T03:00:00Z", "America/New_York")).toBe("31 Dec 2023");
    expect(formatDate(Date.UTC(2023, 6, 9))).toBe("09 Jul 2023");
  });

  test("a bare calendar day is never shifted by a timezone", () => {
    expect(formatDate("2024-02-29", "America/Los_Angeles")).toBe("29 Feb 2024");
  });

  test("formatTimestamp is D MMM YYYY HH:mm:ss (24-hour)", () => {
    expect(formatTimestamp(new Date("2024-03-05T04:03:09Z"))).toBe("5 Mar 2024 04:03:09");
    expect(formatTimestamp("2024-03-05T00:00:00Z")).toBe("5 Mar 2024 00:00:00");
    expect(formatTimestamp("2024-03-05T23:59:59Z", "Asia/Tokyo")).toBe("6 Mar 2024 08:59:59");
  });

  test("invalid dates are '-'", () => {
    expect(formatDate("not a date")).toBe("-");
    expect(formatTimestamp(Number.NaN)).toBe("-");
  });
});

describe("never ending", () => {
  test.each([
    [null, true],
    [-1, true],
    [7258118399, true],
    [7258118400, true],
    [7258118398, false],
    [new Date(7258118399 * 1000), true],
    [new Date("2099-12-31T00:00:00Z"), false],
    ["2200-01-01T00:00:00Z", true],
  ])("%p → %p", (end, never) => {
    expect(isNeverEnding(end)).toBe(never);
  });

  test("formatEndTime shows 'Never Ending' or the date (numbers are epoch seconds)", () => {
    expect(formatEndTime(null)).toBe("Never Ending");
    expect(formatEndTime(-1)).toBe("Never Ending");
    expect(formatEndTime(7258118399)).toBe("Never Ending");
    expect(formatEndTime(1420105637)).toBe("01 Jan 2015");
    expect(formatEndTime(new Date("2030-06-15T12:00:00Z"))).toBe("15 Jun 2030");
  });
});

describe("pricing and budget helpers", () => {
  test("margin pricing: x100, 2 decimals, trailing .00 dropped", () => {
    expect(formatMarginPricing(0.25)).toBe("25%");
    expect(formatMarginPricing(0.1234)).toBe("12.34%");
    expect(formatMarginPricing("0.07")).toBe("7%");
    expect(formatMarginPricing(0.155)).toBe("15.50%");
    expect(formatMarginPricing(0.12345)).toBe("12.35%");
    expect(formatMarginPricing(null)).toBe("-");
  });

});

describe("seconds to time", () => {
  test.each([
    [0, "0 minutes"],
    [59, "0 minutes"],
    [60, "1 minute"],
    [600, "10 minutes"],
    [3600, "1 hour"],
    [90060, "1 day 1 hour 1 minute"],
    [5184000, "60 days"],
    [2 * 86400 + 5 * 3600, "2 days 5 hours"],
  ])("%p s → %p", (s, out) => {
    expect(secondsToTime(s)).toBe(out);
  });
});

describe("aspect ratio and id encoding", () => {
  test("aspect ratio is reduced by the gcd", () => {
    expect(aspectRatio(1920, 1080)).toBe("16:9");
    expect(aspectRatio(1200, 628)).toBe("300:157");
    expect(aspectRatio(1080, 1080)).toBe("1:1");
    expect(aspectRatio(320, 50)).toBe("32:5");
    expect(aspectRatio(0, 50)).toBe("0:50");
  });

  test("advertiser ids encode each digit as a letter a-j and decode back", () => {
    expect(encodeAdvertiserId(120)).toBe("bca");
    expect(encodeAdvertiserId("9876543210")).toBe("jihgfedcba");
    expect(decodeAdvertiserId("bca")).toBe(120);
    expect(decodeAdvertiserId("bcz")).toBeNull();
    expect(decodeAdvertiserId(encodeAdvertiserId(40517))).toBe(40517);
  });
});
