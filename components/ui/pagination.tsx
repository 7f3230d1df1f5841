"use client";
// Page navigation and page size of a server-paged table. The full bar (lists,
// shell.md 9 sizes 5, 10, 25, 100 plus the preset's row limit): rows per page,
// 'a–b of n', 'Page x of y' and first/previous/next/last. The compact bar of a
// dialog (the entity picker, shell.md 2.8): items per page, 'a - b of n',
// previous/next. A new page size starts again at the first page.
import type { ReactNode } from "react";
import { Button } from "./button";

export interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onChange(next: { pageIndex: number; pageSize: number }): void;
  compact?: boolean;
}

export function Pagination({ pageIndex, pageSize, total, pageSizes, onChange, compact = false }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const canPrevious = pageIndex > 0;
  const canNext = pageIndex < pageCount - 1;
  const go = (index: number) => onChange({ pageIndex: index, pageSize });
  const sizes = (
    <PageSizeSelect label={compact ? "Items per page" : "Rows per page"} sizes={pageSizes} value={pageSize} onChange={(size) => onChange({ pageIndex: 0, pageSize: size })} />
  );
  const previous = (
    <PageButton label="Previous page" disabled={!canPrevious} onClick={() => go(pageIndex - 1)}>
      ‹
    </PageButton>
  );
  const next = (
    <PageButton label="Next page" disabled={!canNext} onClick={() => go(pageIndex + 1)}>
      ›
    </PageButton>
  );

  if (compact) {
    return (
      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm text-slate-600">
        {sizes}
        <div className="flex items-center gap-2">
          <span data-testid="picker-range" className="tabular-nums">
            {first} - {last} of {total}
          </span>
          {previous}
          {next}
        </div>
      </nav>
    );
  }

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      {sizes}
      <div className="flex items-center gap-3">
        <span data-testid="page-summary" className="tabular-nums">
          {first}–{last} of {total}
        </span>
        <span className="tabular-nums" data-testid="page-number">
          Page {pageIndex + 1} of {pageCount}
        </span>
        <div className="flex gap-1">
          <PageButton label="First page" disabled={!canPrevious} onClick={() => go(0)}>
            «
          </PageButton>
          {previous}
          {next}
          <PageButton label="Last page" disabled={!canNext} onClick={() => go(pageCount - 1)}>
            »
          </PageButton>
        </div>
      </div>
    </nav>
  );
}

/**
 * The page size choice. `label` is what it says; `name` its accessible name
 * when the visible word is shorter (the licensee list's 'Rows').
 */
export function PageSizeSelect({
  label,
  name,
  sizes,
  value,
  onChange,
}: {
  label: string;
  name?: string;
  sizes: readonly number[];
  value: number;
  onChange(size: number): void;
}) {
  return (
    <label className="flex items-center gap-2">
      {label}
      <select
        aria-label={name}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}

function PageButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button size="icon" aria-label={label} title={label} disabled={disabled} onClick={onClick} className="h-8 w-8 text-base leading-none">
      {children}
    </Button>
  );
}
