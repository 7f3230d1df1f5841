import { buildPivot } from "./pivot";

describe("buildPivot", () => {
  const h = (key: string, total: number | null) => ({ key, label: key.toUpperCase(), total });

  it("keeps the largest rows and columns by their own totals, places each cell and shades it against the largest", () => {
    const pivot = buildPivot({
      rows: [h("a", 10), h("b", 30), h("c", 20)],
      columns: [h("x", 5), h("y", 55)],
      cells: [
        { rowKey: "b", columnKey: "y", value: 25 },
        { rowKey: "b", columnKey: "x", value: 5 },
        { rowKey: "c", columnKey: "y", value: 20 },
        { rowKey: "a", columnKey: "y", value: 10 },
      ],
      timeColumns: false,
      limits: { rows: 2, columns: 5 },
    });
    expect(pivot.rows.map((r) => r.key)).toEqual(["b", "c"]);
    expect(pivot.columns.map((c) => c.key)).toEqual(["y", "x"]);
    expect(pivot.values).toEqual([
      [25, 5],
      [20, null],
    ]);
    expect(pivot.shades).toEqual([
      [1, 0.2],
      [0.8, 0],
    ]);
    expect(pivot.hidden).toEqual({ rows: 1, columns: 0 });
  });

  it("keeps time columns in order and shows the latest when there are too many", () => {
    const pivot = buildPivot({
      rows: [h("a", 3)],
      columns: [h("2026-11-03", 1), h("2026-11-01", 9), h("2026-11-02", 5)],
      cells: [],
      timeColumns: true,
      limits: { rows: 5, columns: 2 },
    });
    expect(pivot.columns.map((c) => c.key)).toEqual(["2026-11-02", "2026-11-03"]);
    expect(pivot.hidden.columns).toBe(1);
  });
});
