import { ParentFilterSchema, PickerQuerySchema, SearchTextSchema } from "./schema";

test("the picker accepts only its page sizes and pages from 1", () => {
  for (const size of [5, 10, 20, 50, 100, 200, 300, 400, 500, 1000]) {
    expect(PickerQuerySchema.safeParse({ page: 1, size }).success).toBe(true);
  }
  expect(PickerQuerySchema.safeParse({ page: 1, size: 7 }).success).toBe(false);
  expect(PickerQuerySchema.safeParse({ page: 0, size: 5 }).success).toBe(false);
  expect(PickerQuerySchema.parse({ page: 2, size: 5 })).toEqual({ page: 2, size: 5, search: "" });
});

test("search texts are bounded and parent filters take only ids", () => {
  expect(SearchTextSchema.safeParse("x".repeat(201)).success).toBe(false);
  expect(ParentFilterSchema.parse(undefined)).toEqual({});
  expect(ParentFilterSchema.safeParse({ advertiserId: -1 }).success).toBe(false);
  expect(ParentFilterSchema.safeParse({ licenseeId: 1 }).success).toBe(false);
});
