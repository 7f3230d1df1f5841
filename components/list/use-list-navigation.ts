"use client";
// Every list control changes the URL; the server renders the list the URL
// describes. Navigations run in a transition so the current rows stay on
// screen (dimmed) until the next page arrives.
import { useCallback, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { listStateToSearchParams, type ListUrlState } from "@/lib/list/url-state";
import type { ListView } from "@/lib/list/types";

export function listQueryString(view: Pick<ListView, "state" | "defaultSize">, patch: Partial<ListUrlState> = {}): string {
  return listStateToSearchParams({ ...view.state, ...patch }, view.defaultSize).toString();
}

/** Also used by the pixel list, whose view has the same URL state. */
export function useListNavigation(view: Pick<ListView, "state" | "defaultSize">) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  const navigate = useCallback(
    (patch: Partial<ListUrlState>, opts: { replace?: boolean } = {}) => {
      const qs = listQueryString(view, patch);
      const href = qs ? `${pathname}?${qs}` : pathname;
      startTransition(() => {
        if (opts.replace) router.replace(href, { scroll: false });
        else router.push(href, { scroll: false });
      });
    },
    [view, pathname, router],
  );

  const refresh = useCallback(() => startTransition(() => router.refresh()), [router]);

  return { navigate, refresh, pending };
}

/**
 * For a list with filters of its own kept in the URL beside the list's state
 * (an audience source, a creative's review status): `go` moves to a patched
 * state with the given filters, `navigate` keeps the current ones.
 */
export function useFilteredListNavigation<F>(view: Pick<ListView, "state" | "defaultSize">, filters: F, extraQuery: (filters: F) => Iterable<[string, string]>) {
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  const go = useCallback(
    (patch: Partial<ListUrlState>, next: F, opts: { replace?: boolean } = {}) => {
      const qs = new URLSearchParams(listQueryString(view, patch));
      for (const [k, v] of extraQuery(next)) qs.set(k, v);
      const href = qs.size ? `${pathname}?${qs}` : pathname;
      startTransition(() => (opts.replace ? router.replace(href, { scroll: false }) : router.push(href, { scroll: false })));
    },
    [view, pathname, router, extraQuery],
  );
  const navigate = useCallback((patch: Partial<ListUrlState>, opts?: { replace?: boolean }) => go(patch, filters, opts), [go, filters]);

  return { go, navigate, pending };
}
