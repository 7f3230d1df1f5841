import { mergeBlocked, removesTargeting, targetingMode, withoutExisting } from "./merge";

describe("blocking merge rules (shell.md 4)", () => {
  it("reads the mode of the existing lists", () => {
    expect(targetingMode(undefined)).toBe("all");
    expect(targetingMode({ targetList: [], blockedList: [] })).toBe("all");
    expect(targetingMode({ targetList: [1], blockedList: [] })).toBe("target");
    expect(targetingMode({ targetList: [], blockedList: [2] })).toBe("blocked");
    expect(targetingMode({ targetList: [1], blockedList: [2] })).toBe("target");
  });

  it("replaces a target list by blocking, without merging it", () => {
    expect(mergeBlocked({ targetList: [1, 2, 3], blockedList: [] }, [7, 8])).toEqual({ targetList: [], blockedList: [7, 8] });
    // Whatever was also blocked beside a target list is not kept either: the added ids are the new list.
    expect(mergeBlocked({ targetList: [1], blockedList: [4] }, [7])).toEqual({ targetList: [], blockedList: [7] });
    expect(removesTargeting({ targetList: [1], blockedList: [] }, [7])).toBe(true);
  });

  it("merges into a blocked list: stored order first, nothing twice", () => {
    expect(mergeBlocked({ targetList: [], blockedList: [5, 3] }, [3, 9, 1])).toEqual({ targetList: [], blockedList: [5, 3, 9, 1] });
    expect(removesTargeting({ targetList: [], blockedList: [5] }, [9])).toBe(false);
  });

  it("turns 'all' into a blocked list of the added ids", () => {
    expect(mergeBlocked(undefined, [4, 4, 2])).toEqual({ targetList: [], blockedList: [4, 2] });
    expect(mergeBlocked({ targetList: [], blockedList: [] }, [4])).toEqual({ targetList: [], blockedList: [4] });
    expect(removesTargeting(undefined, [4])).toBe(false);
  });

  it("changes nothing when nothing is added", () => {
    const lists = { targetList: [1, 2], blockedList: [] };
    expect(mergeBlocked(lists, [])).toEqual(lists);
    expect(removesTargeting(lists, [])).toBe(false);
  });

  it("removes items of either existing list from the suggestions", () => {
    const items = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(withoutExisting(items, { targetList: [1], blockedList: [3] })).toEqual([{ id: 2 }, { id: 4 }]);
    expect(withoutExisting(items, undefined)).toEqual(items);
  });
});
