"use client";
// The strategy templates list (/strategy/templates; shell.md 3) on the shared
// list view: the description cell cut at 100 characters shows the whole text
// on hover, and each row has 'Use template' (the wizard pre-filled from it).
// Demo users get no template links (shell.md 6); read-only users no Action column.
import Link from "next/link";
import type { ListRowView, ListView } from "@/lib/list/types";
import { EntityListView, useEntityList } from "@/components/list/entity-list";
import { buttonClass } from "@/components/ui/button";

export const templateUseHref = (id: number) => `/strategy/create?templateId=${id}`;

function DescriptionCell({ row }: { row: ListRowView }) {
  const full = typeof row.data?.description === "string" ? row.data.description : "";
  return (
    <span title={full} data-testid="template-description" className="block truncate">
      {row.cells.description}
    </span>
  );
}

export function TemplateList({ view }: { view: ListView }) {
  const list = useEntityList(view);
  return (
    <EntityListView
      view={view}
      list={list}
      cells={{ description: (row) => <DescriptionCell row={row} /> }}
      rowActions={(row) =>
        view.writeControls === "enabled" ? (
          <Link href={templateUseHref(row.id)} prefetch={false} className={buttonClass("secondary", "xs")} data-testid="template-use">
            Use template
          </Link>
        ) : null
      }
    />
  );
}
