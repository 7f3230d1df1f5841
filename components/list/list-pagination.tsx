"use client";
// Page navigation and page size of a server-paged list (shell.md 9 sizes 5,
// 10, 25, 100, plus the preset's row limit).
import type { ReactNode } from "react";

export interface PaginationControls {
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  total: number;
  pageSizes: number[];
  canPrevious: boolean;
  canNext: boolean;
  setPageIndex(index: number): void;
  setPageSize(size: number): void;
}

export function ListPagination(p: PaginationControls) {
  const first = p.total === 0 ? 0 : p.pageIndex * p.pageSize + 1;
  const last = Math.min(p.total, (p.pageIndex + 1) * p.pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-slate-600">
      <label className="flex items-center gap-2">
        Rows per page
        <select
          value={p.pageSize}
          onChange={(e) => p.setPageSize(Number(e.target.value))}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
        >
          {p.pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-3">
        <span data-testid="page-summary" className="tabular-nums">
          {first}–{last} of {p.total}
        </span>
        <span className="tabular-nums" data-testid="page-number">
          Page {p.pageIndex + 1} of {Math.max(1, p.pageCount)}
        </span>
        <div className="flex gap-1">
          <PageButton label="First page" disabled={!p.canPrevious} onClick={() => p.setPageIndex(0)}>
            «
          </PageButton>
          <PageButton label="Previous page" disabled={!p.canPrevious} onClick={() => p.setPageIndex(p.pageIndex - 1)}>
            ‹
          </PageButton>
          <PageButton label="Next page" disabled={!p.canNext} onClick={() => p.setPageIndex(p.pageIndex + 1)}>
            ›
          </PageButton>
          <PageButton label="Last page" disabled={!p.canNext} onClick={() => p.setPageIndex(p.pageCount - 1)}>
            »
          </PageButton>
        </div>
      </div>
    </nav>
  );
}

function PageButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="h-8 w-8 rounded-md border border-slate-300 bg-white text-base leading-none text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {children}
    </button>
  );
}
