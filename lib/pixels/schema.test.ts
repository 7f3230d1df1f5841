import { firstErrors } from "@/tests/helpers/schema-errors";
import {
  durationText,
  NEW_PIXEL_VALUES,
  PIXEL_MESSAGES,
  PixelFormSchema,
  PixelInputSchema,
  pixelFormValues,
  pixelTypeName,
  userFcapText,
  windowText,
  type PixelFormValues,
} from "./schema";

const valid = (overrides: Partial<PixelFormValues> = {}): PixelFormValues => ({
  ...NEW_PIXEL_VALUES,
  name: "Purchase",
  type: "HYBRID_CONV",
  ...overrides,
});

/** Field → message of a failed parse (first message per field). */
const errorsOf = (values: Partial<PixelFormValues>) => firstErrors(PixelFormSchema, values);

describe("name", () => {
  test.each([
    ["", PIXEL_MESSAGES.nameRequired],
    ["   ", PIXEL_MESSAGES.nameRequired],
    ["abc", PIXEL_MESSAGES.nameTooShort],
    [" ab ", PIXEL_MESSAGES.nameTooShort],
    ["x".repeat(257), PIXEL_MESSAGES.nameTooLong],
  ])("%p is refused with %p", (name, message) => {
    expect(errorsOf(valid({ name })).name).toBe(message);
  });

  test.each(["abcd", "x".repeat(256)])("%p is accepted", (name) => {
    expect(errorsOf(valid({ name }))).toEqual({});
  });

  test("is stored trimmed", () => {
    expect(PixelInputSchema.parse(valid({ name: "  Purchase  " })).name).toBe("Purchase");
  });

  test("the messages say 'required', 'at least 4' and 'at most 256'", () => {
    expect(PIXEL_MESSAGES.nameRequired).toBe("Name is required");
    expect(PIXEL_MESSAGES.nameTooShort).toBe("Name must be at least 4 characters");
    expect(PIXEL_MESSAGES.nameTooLong).toBe("Name must be at most 256 characters");
  });
});

describe("type", () => {
  test.each(["", "OTHER", "view_conv"])("%p is refused", (type) => {
    expect(errorsOf(valid({ type: type as PixelFormValues["type"] })).type).toBe(PIXEL_MESSAGES.typeRequired);
  });

  test("names of business.md 3", () => {
    expect(pixelTypeName("VIEW_CONV")).toBe("View Conversions");
    expect(pixelTypeName("CLICK_CONV")).toBe("Click Conversions");
    expect(pixelTypeName("HYBRID_CONV")).toBe("Hybrid");
  });
});

describe("validity windows (days in the form, seconds stored, -1 not applicable)", () => {
  test("form default is 45 days", () => {
    expect(NEW_PIXEL_VALUES.viewWindowDays).toBe("45");
    expect(NEW_PIXEL_VALUES.clickWindowDays).toBe("45");
  });

  test("a view pixel has no click window, a click pixel no view window, a hybrid both", () => {
    expect(PixelInputSchema.parse(valid({ type: "VIEW_CONV", viewWindowDays: "30" }))).toMatchObject({
      viewValidityWindow: 30 * 86400,
      clickValidityWindow: -1,
    });
    expect(PixelInputSchema.parse(valid({ type: "CLICK_CONV", clickWindowDays: "7" }))).toMatchObject({
      viewValidityWindow: -1,
      clickValidityWindow: 7 * 86400,
    });
    expect(PixelInputSchema.parse(valid({ type: "HYBRID_CONV" }))).toMatchObject({
      viewValidityWindow: 45 * 86400,
      clickValidityWindow: 45 * 86400,
    });
  });

  test.each([
    ["", PIXEL_MESSAGES.viewWindowRequired],
    ["1.5", PIXEL_MESSAGES.digitsOnly],
    ["-1", PIXEL_MESSAGES.digitsOnly],
    ["4e1", PIXEL_MESSAGES.digitsOnly],
    ["10$", PIXEL_MESSAGES.digitsOnly],
    ["0", PIXEL_MESSAGES.min],
    ["366", PIXEL_MESSAGES.windowMax],
  ])("view window %p: %p", (viewWindowDays, message) => {
    expect(errorsOf(valid({ type: "VIEW_CONV", viewWindowDays }))).toEqual({ viewWindowDays: message });
  });

  test("the click window has its own required message", () => {
    expect(errorsOf(valid({ type: "CLICK_CONV", clickWindowDays: " " }))).toEqual({ clickWindowDays: PIXEL_MESSAGES.clickWindowRequired });
  });

  test("a window that does not apply is not checked", () => {
    expect(errorsOf(valid({ type: "VIEW_CONV", clickWindowDays: "abc" }))).toEqual({});
    expect(errorsOf(valid({ type: "CLICK_CONV", viewWindowDays: "" }))).toEqual({});
  });
});

describe("conversion count", () => {
  test("'count every conversion' stores userFcap -1 and fcapDuration -1, whatever the cap fields hold", () => {
    expect(PixelInputSchema.parse(valid({ countMode: "EVERY", userFcap: "x", fcapValue: "" }))).toMatchObject({
      userFcap: -1,
      fcapDuration: -1,
    });
  });

  test("a capped count stores the count and the duration in seconds", () => {
    expect(PixelInputSchema.parse(valid({ countMode: "CAPPED", userFcap: "3", fcapValue: "10", fcapUnit: "MINUTE" }))).toMatchObject({
      userFcap: 3,
      fcapDuration: 600,
    });
    expect(PixelInputSchema.parse(valid({ countMode: "CAPPED", userFcap: "45", fcapValue: "2", fcapUnit: "DAY" }))).toMatchObject({
      userFcap: 45,
      fcapDuration: 2 * 86400,
    });
  });

  test("default cap duration is 10 minutes", () => {
    expect(NEW_PIXEL_VALUES).toMatchObject({ countMode: "EVERY", fcapValue: "10", fcapUnit: "MINUTE" });
  });

  // The rest of a capped count around the field under test: the duration in days.
  const CAPPED = { userFcap: { countMode: "CAPPED" }, fcapValue: { countMode: "CAPPED", userFcap: "1", fcapUnit: "DAY" } } as const;

  test.each([
    ["userFcap", "", PIXEL_MESSAGES.userFcapRequired],
    ["userFcap", "0", PIXEL_MESSAGES.min],
    ["userFcap", "2.5", PIXEL_MESSAGES.digitsOnly],
    ["userFcap", "3!", PIXEL_MESSAGES.digitsOnly],
    ["userFcap", "-3", PIXEL_MESSAGES.digitsOnly],
    ["userFcap", "46", PIXEL_MESSAGES.userFcapMax],
    ["fcapValue", "", PIXEL_MESSAGES.durationRequired],
    ["fcapValue", "0", PIXEL_MESSAGES.min],
    ["fcapValue", "1,5", PIXEL_MESSAGES.digitsOnly],
    ["fcapValue", "366", PIXEL_MESSAGES.durationMax],
  ] as const)("capped count, %s %p: %p", (field, value, message) => {
    expect(errorsOf(valid({ ...CAPPED[field], [field]: value }))).toEqual({ [field]: message });
  });

  test("the duration limit follows the unit", () => {
    expect(errorsOf(valid({ countMode: "CAPPED", userFcap: "1", fcapValue: String(365 * 24), fcapUnit: "HOUR" }))).toEqual({});
    expect(errorsOf(valid({ countMode: "CAPPED", userFcap: "1", fcapValue: String(365 * 24 + 1), fcapUnit: "HOUR" }))).toEqual({
      fcapValue: PIXEL_MESSAGES.durationMax,
    });
  });

  test("a capped count needs a duration unit", () => {
    expect(errorsOf(valid({ countMode: "CAPPED", userFcap: "1", fcapUnit: "" }))).toEqual({ fcapUnit: PIXEL_MESSAGES.durationUnitRequired });
  });

  test("a count mode must be chosen", () => {
    expect(errorsOf(valid({ countMode: "" as PixelFormValues["countMode"] }))).toEqual({ countMode: PIXEL_MESSAGES.countModeRequired });
  });

  test("every message shows at once", () => {
    expect(errorsOf({ countMode: "CAPPED", fcapValue: "", fcapUnit: "" })).toEqual({
      name: PIXEL_MESSAGES.nameRequired,
      type: PIXEL_MESSAGES.typeRequired,
      userFcap: PIXEL_MESSAGES.userFcapRequired,
      fcapValue: PIXEL_MESSAGES.durationRequired,
      fcapUnit: PIXEL_MESSAGES.durationUnitRequired,
    });
  });
});

describe("display", () => {
  test("userFcap: 'No Limit' when -1 or empty, else 'N every <duration>'", () => {
    expect(userFcapText(-1, -1)).toBe("No Limit");
    expect(userFcapText(null, null)).toBe("No Limit");
    expect(userFcapText(undefined, 600)).toBe("No Limit");
    expect(userFcapText(3, 600)).toBe("3 every 10 Minute(s)");
    expect(userFcapText(1, 7200)).toBe("1 every 2 Hour(s)");
    expect(userFcapText(5, 86400)).toBe("5 every 1 Day(s)");
  });

  test("durations use the largest unit that divides them", () => {
    expect(durationText(60)).toBe("1 Minute(s)");
    expect(durationText(5400)).toBe("90 Minute(s)");
    expect(durationText(3 * 86400)).toBe("3 Day(s)");
  });

  test("windows", () => {
    expect(windowText(-1)).toBe("Not applicable");
    expect(windowText(5184000)).toBe("60 day(s)");
  });
});

describe("edit form values", () => {
  test("a stored capped hybrid pixel", () => {
    expect(
      pixelFormValues({ name: "P1", type: "HYBRID_CONV", viewValidityWindow: 5184000, clickValidityWindow: 86400, userFcap: 3, fcapDuration: 7200 }),
    ).toEqual({
      name: "P1",
      type: "HYBRID_CONV",
      viewWindowDays: "60",
      clickWindowDays: "1",
      countMode: "CAPPED",
      userFcap: "3",
      fcapValue: "2",
      fcapUnit: "HOUR",
    });
  });

  test("windows that do not apply and an uncapped count get the form defaults", () => {
    expect(
      pixelFormValues({ name: "P2", type: "VIEW_CONV", viewValidityWindow: 86400, clickValidityWindow: -1, userFcap: -1, fcapDuration: -1 }),
    ).toMatchObject({ clickWindowDays: "45", countMode: "EVERY", userFcap: "", fcapValue: "10", fcapUnit: "MINUTE" });
  });

  test("round trip: form values of stored data give the same data", () => {
    const data = PixelInputSchema.parse(valid({ type: "CLICK_CONV", clickWindowDays: "9", countMode: "CAPPED", userFcap: "2", fcapValue: "3", fcapUnit: "HOUR" }));
    expect(PixelInputSchema.parse(pixelFormValues(data))).toEqual(data);
  });
});
