import { Prisma } from "@/lib/generated/prisma/client";
import { diffFields, renderValue } from "./diff";

describe("renderValue", () => {
  test("renders dates as ISO-8601 UTC", () => {
    expect(renderValue(new Date("2030-01-02T03:04:05.678Z"))).toBe("2030-01-02T03:04:05.678Z");
  });

  test("renders Prisma Decimals by value, without float rounding", () => {
    expect(renderValue(new Prisma.Decimal("0.1").plus("0.2"))).toBe("0.3");
    expect(renderValue(new Prisma.Decimal("1.500000"))).toBe("1.5");
    expect(renderValue(new Prisma.Decimal("123456789012.123456"))).toBe("123456789012.123456");
  });

  test("renders null and undefined as null, and scalars as text", () => {
    expect(renderValue(null)).toBeNull();
    expect(renderValue(undefined)).toBeNull();
    expect(renderValue(false)).toBe("false");
    expect(renderValue(0)).toBe("0");
    expect(renderValue("")).toBe("");
    expect(renderValue(12n)).toBe("12");
  });

  test("renders JSON objects and arrays as JSON", () => {
    expect(renderValue({ cta: "Shop Now", titleLength: 30 })).toBe('{"cta":"Shop Now","titleLength":30}');
    expect(renderValue(["300x250", "320x50"])).toBe('["300x250","320x50"]');
    expect(renderValue([])).toBe("[]");
  });
});

describe("diffFields", () => {
  test("lists only the fields whose rendered value changed, with old and new values", () => {
    const before = { name: "A", budget: new Prisma.Decimal("10"), endTime: null, active: true };
    const after = { name: "B", budget: new Prisma.Decimal("10.000000"), endTime: new Date("2030-01-01T00:00:00Z"), active: true };
    expect(diffFields(before, after)).toEqual([
      { fieldName: "name", oldValue: "A", newValue: "B" },
      { fieldName: "endTime", oldValue: null, newValue: "2030-01-01T00:00:00.000Z" },
    ]);
  });

  test("treats a decimal and the same number as equal, and a changed decimal as a change", () => {
    expect(diffFields({ rate: new Prisma.Decimal("1.25") }, { rate: 1.25 })).toEqual([]);
    expect(diffFields({ rate: new Prisma.Decimal("1.25") }, { rate: new Prisma.Decimal("1.26") })).toEqual([
      { fieldName: "rate", oldValue: "1.25", newValue: "1.26" },
    ]);
  });

  test("treats null and a missing value as equal, and clearing a value as a change to null", () => {
    expect(diffFields({ a: null }, { a: undefined })).toEqual([]);
    expect(diffFields({ a: "x" }, { a: null })).toEqual([{ fieldName: "a", oldValue: "x", newValue: null }]);
  });

  test("compares JSON by content", () => {
    expect(diffFields({ j: { a: 1, b: [1, 2] } }, { j: { a: 1, b: [1, 2] } })).toEqual([]);
    expect(diffFields({ j: { a: 1 } }, { j: { a: 2 } })).toEqual([{ fieldName: "j", oldValue: '{"a":1}', newValue: '{"a":2}' }]);
  });

  test("a creation (no before) lists every set field; a deletion (no after) every old one", () => {
    expect(diffFields(null, { name: "N", note: null })).toEqual([{ fieldName: "name", oldValue: null, newValue: "N" }]);
    expect(diffFields({ name: "N" }, null)).toEqual([{ fieldName: "name", oldValue: "N", newValue: null }]);
  });

  test("ignores bookkeeping columns and, when given, fields outside the list", () => {
    const before = { name: "A", version: 1, updatedAt: new Date(0), createdAt: new Date(0), licenseeId: 1, secret: "x" };
    const after = { name: "A", version: 2, updatedAt: new Date(), createdAt: new Date(), licenseeId: 2, secret: "y" };
    expect(diffFields(before, after)).toEqual([{ fieldName: "secret", oldValue: "x", newValue: "y" }]);
    expect(diffFields(before, after, ["name"])).toEqual([]);
    expect(diffFields(before, after, ["version", "secret"])).toEqual([{ fieldName: "secret", oldValue: "x", newValue: "y" }]);
  });
});
