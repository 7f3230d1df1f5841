"use client";
// Paged lists of the side panels (shell.md 4 "Activity and notification
// lists", 9): the first page on open, the next one when the user scrolls within
// 140 px of the bottom (checked 500 ms after scrolling stops) or when the
// loaded rows do not fill the panel; the list ends once every record is loaded.
// reload() starts again from page 1 (filter change, mark-all-as-read); answers
// to requests made before a reload are dropped.
import { useCallback, useEffect, useRef, useState, type UIEvent } from "react";

export const LOAD_MORE_THRESHOLD_PX = 140;
export const SCROLL_DEBOUNCE_MS = 500;

export interface PageAnswer<T> {
  items: T[];
  total: number;
}

/** `key`: the filter the pages depend on; a new key reloads from page 1. */
export function usePagedList<T>(fetchPage: (page: number) => Promise<PageAnswer<T> | null>, key: string) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [done, setDone] = useState(false);
  const state = useRef({ generation: 0, nextPage: 1, loaded: 0, busy: false, done: false });
  const scroller = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  }, [fetchPage]);

  const loadNext = useCallback(async () => {
    const s = state.current;
    if (s.busy || s.done) return;
    s.busy = true;
    setLoading(true);
    const generation = s.generation;
    const page = s.nextPage;
    let answer: PageAnswer<T> | null = null;
    try {
      answer = await fetchRef.current(page);
    } catch {
      answer = null; // shell.md 8: a failed load only ends the loading state
    }
    if (generation !== state.current.generation) return; // a reload started meanwhile
    s.busy = false;
    setLoading(false);
    if (!answer) return;
    const got = answer;
    s.nextPage = page + 1;
    s.loaded = (page === 1 ? 0 : s.loaded) + got.items.length;
    s.done = got.items.length === 0 || s.loaded >= got.total;
    setDone(s.done);
    setTotal(got.total);
    setItems((prev) => (page === 1 ? got.items : [...prev, ...got.items]));
  }, []);

  const reload = useCallback(() => {
    state.current = { generation: state.current.generation + 1, nextPage: 1, loaded: 0, busy: false, done: false };
    setDone(false);
    setItems([]);
    setTotal(0);
    scroller.current?.scrollTo?.({ top: 0 });
    void loadNext();
  }, [loadNext]);

  // Effects only schedule the loads (a microtask later), so no state is set
  // while React commits.
  useEffect(() => {
    let live = true;
    void Promise.resolve().then(() => {
      if (live) reload();
    });
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [key, reload]);

  // The rendered range reached the end: rows do not fill the panel yet.
  useEffect(() => {
    const el = scroller.current;
    if (!el || loading || done) return;
    if (el.scrollHeight - el.clientHeight > LOAD_MORE_THRESHOLD_PX) return;
    let live = true;
    void Promise.resolve().then(() => {
      if (live) void loadNext();
    });
    return () => {
      live = false;
    };
  }, [items, loading, done, loadNext]);

  /** Callback ref for the scrolling element. */
  const bindScroller = useCallback((el: HTMLDivElement | null) => {
    scroller.current = el;
  }, []);

  const onScroll = useCallback(
    (e: UIEvent<HTMLDivElement>) => {
      const el = e.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX) void loadNext();
      }, SCROLL_DEBOUNCE_MS);
    },
    [loadNext],
  );

  /** Changes loaded rows in place (a notification marked as read). */
  const update = useCallback((fn: (items: T[]) => T[]) => setItems(fn), []);

  return { items, total, loading, done, reload, update, bindScroller, onScroll };
}
