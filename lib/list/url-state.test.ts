import {
  lastPage,
  listStateToSearchParams,
  pageOffset,
  pageSizeOptions,
  parseListUrlState,
  type ListUrlState,
} from "./url-state";

const opts = { sortable: ["name", "startTime", "impressions"], defaultSize: 20 };
const parse = (query: string) => parseListUrlState(new URLSearchParams(query), opts);

describe("parseListUrlState", () => {
  test("reads every value of a well-formed URL", () => {
    expect(parse("page=3&size=25&sort=-impressions&q=%20Puzzle%20&status=inactive&advertiserId=7&campaignId=9")).toEqual({
      page: 3,
      size: 25,
      sort: { field: "impressions", desc: true },
      q: "Puzzle",
      status: "inactive",
      advertiserId: 7,
      campaignId: 9,
    });
  });

  test("an empty URL gives the defaults, with the preset's row limit as page size", () => {
    expect(parse("")).toEqual({ page: 1, size: 20, sort: null, q: "", status: "all", advertiserId: null, campaignId: null });
  });

  test.each(["0", "-2", "abc", "1.5", "1e3", "99999999999", "", " "])("a bad page %p falls back to page 1", (page) => {
    expect(parse(`page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  test.each(["7", "0", "-5", "1000", "abc", "25.0"])("a size that is not offered (%p) falls back to the row limit", (size) => {
    expect(parse(`size=${encodeURIComponent(size)}`).size).toBe(20);
  });

  test("offered sizes are 5, 10, 25, 100 and the row limit", () => {
    expect(pageSizeOptions(20)).toEqual([5, 10, 20, 25, 100]);
    expect(pageSizeOptions(25)).toEqual([5, 10, 25, 100]);
    for (const size of [5, 10, 20, 25, 100]) expect(parse(`size=${size}`).size).toBe(size);
  });

  test.each([
    ["password", null],
    ["-password", null],
    ["name;drop table", null],
    ["--name", null],
    ["", null],
    ["name", { field: "name", desc: false }],
    ["+name", { field: "name", desc: false }],
    ["-startTime", { field: "startTime", desc: true }],
  ])("sort %p → %p (only whitelisted columns)", (sort, expected) => {
    expect(parse(`sort=${encodeURIComponent(sort)}`).sort).toEqual(expected);
  });

  test("a literal '+' in the query (decoded as a space) still means ascending", () => {
    expect(parse("sort=+name").sort).toEqual({ field: "name", desc: false });
  });

  test("unknown status and non-numeric ids are ignored", () => {
    expect(parse("status=archived&advertiserId=abc&campaignId=-1")).toMatchObject({
      status: "all",
      advertiserId: null,
      campaignId: null,
    });
  });

  test("the search text is trimmed and cut at 100 characters", () => {
    expect(parse(`q=${"x".repeat(150)}`).q).toHaveLength(100);
  });

  test("a record of search params (Next's page props) is read too, first of repeated values", () => {
    expect(parseListUrlState({ page: ["2", "5"], sort: "name", status: undefined }, opts)).toMatchObject({
      page: 2,
      sort: { field: "name", desc: false },
      status: "all",
    });
  });
});

describe("listStateToSearchParams", () => {
  const base: ListUrlState = { page: 1, size: 20, sort: null, q: "", status: "all", advertiserId: null, campaignId: null };

  test("defaults are left out of the URL", () => {
    expect(listStateToSearchParams(base, 20).toString()).toBe("");
  });

  test("a state survives a round trip through its URL", () => {
    const state: ListUrlState = {
      page: 4,
      size: 5,
      sort: { field: "startTime", desc: true },
      q: "a&b=c",
      status: "active",
      advertiserId: 3,
      campaignId: 11,
    };
    expect(parseListUrlState(listStateToSearchParams(state, 20), opts)).toEqual(state);
  });
});

test("page arithmetic", () => {
  expect(pageOffset({ page: 3, size: 25 })).toBe(50);
  expect(lastPage(0, 20)).toBe(1);
  expect(lastPage(41, 20)).toBe(3);
});
