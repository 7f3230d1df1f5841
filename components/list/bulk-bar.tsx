"use client";
// Bulk activate / deactivate of the selected rows (shell.md 4). Disabled for
// demo users; never rendered for read-only users. When the whole page is
// selected and more rows match the filters, 'Select all N matching' widens
// the selection to every matching row (the server finds them from the filters).
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import type { ListBulkLink } from "@/lib/list/types";

export interface SelectAllMatching {
  total: number;
  chosen: boolean;
  choose(): void;
  clear(): void;
}

export function BulkBar({
  selected,
  enabled,
  busy,
  onAction,
  selectAll,
  children,
}: {
  selected: number;
  enabled: boolean;
  busy: boolean;
  onAction(active: boolean): void;
  selectAll?: SelectAllMatching | null;
  /** More bulk controls of the list (a strategy list's 'Bulk Edit'). */
  children?: React.ReactNode;
}) {
  const disabled = !enabled || busy || selected === 0;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="bulk-bar">
      <span data-testid="selected-count" className="tabular-nums">
        {selectAll?.chosen ? `All ${selected} matching selected` : `${selected} selected`}
      </span>
      {selectAll && !selectAll.chosen ? (
        <Button variant="link" size="sm" disabled={!enabled || busy} onClick={selectAll.choose} data-testid="select-all-matching">
          Select all {selectAll.total} matching
        </Button>
      ) : null}
      {selectAll?.chosen ? (
        <Button variant="link" size="sm" disabled={busy} onClick={selectAll.clear} data-testid="clear-selection">
          Clear selection
        </Button>
      ) : null}
      <Button variant="success-outline" size="sm" disabled={disabled} onClick={() => onAction(true)}>
        Activate
      </Button>
      <Button variant="danger-outline" size="sm" disabled={disabled} onClick={() => onAction(false)}>
        Deactivate
      </Button>
      {children}
    </div>
  );
}

/**
 * A page opened for the selected rows (`?ids=…`); disabled with its reason
 * when nothing is selected, when more rows are chosen than it takes, or with
 * 'all matching' (it needs the rows by id).
 */
export function BulkLink({ link, ids, enabled }: { link: ListBulkLink; ids: number[] | null; enabled: boolean }) {
  const reason = !enabled
    ? "Not available for your role"
    : ids === null || ids.length > link.max
      ? `Select at most ${link.max} rows on the page`
      : ids.length === 0
        ? "Select at least one row"
        : null;
  if (reason) {
    return (
      <Button variant="secondary" size="sm" disabled title={reason} data-testid={link.testId}>
        {link.label}
      </Button>
    );
  }
  return (
    <Link href={`${link.href}?ids=${ids!.join(",")}`} className={buttonClass("secondary", "sm")} data-testid={link.testId}>
      {link.label}
    </Link>
  );
}
