"use client";
// The creative set list on the shared list stack, with the one difference the
// declaration names: a set's details open in a new browser tab (shell.md 2.6,
// business.md 2 "creative-set details open in a new browser tab").
import Link from "next/link";
import type { ListRowView, ListView } from "@/lib/list/types";
import { EntityListView, useEntityList } from "@/components/list/entity-list";

function NameInNewTab(row: ListRowView) {
  const name = row.cells.name ?? "";
  if (!row.href) return <span className="block truncate">{name}</span>;
  return (
    <Link
      href={row.href}
      prefetch={false}
      target="_blank"
      rel="noopener"
      title={`${name} (opens in a new tab)`}
      data-testid="creative-set-name"
      className="block truncate font-medium text-primary hover:underline"
    >
      {name}
    </Link>
  );
}

const CELLS = { name: NameInNewTab };

export function CreativeSetList({ view }: { view: ListView }) {
  const list = useEntityList(view);
  return <EntityListView view={view} list={list} cells={CELLS} />;
}
