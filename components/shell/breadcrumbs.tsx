"use client";
// Breadcrumb bar (shell.md 2.7): the licensee, then the advertiser, campaign,
// strategy, creative, creative set or audience the URL names. The server
// resolves ids through the data gate (another licensee's id gives no crumb);
// the first page comes resolved with the layout, later pages are asked for
// when the URL names another entity.
import { Fragment, useEffect, useState } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { expiredSession } from "@/components/account/session-events";
import { useEntityCatalog } from "@/components/entities/entity-catalog";
import { resolveCrumbsAction } from "@/lib/entities/actions";
import { crumbEntities, crumbRoutes, detailsHref } from "@/lib/entities/catalog";
import { CRUMB_TEXT_MAX, cutText, isParentFilterKey } from "@/lib/menu/constants";
import { crumbKey, parseCrumbPath } from "@/lib/menu/routes";
import type { Crumbs, ParentFilter } from "@/lib/menu/types";
import { CrumbDropdown } from "./crumb-dropdown";
import { CONSOLE_SECTIONS, sectionOf } from "@/lib/menu/route-table";
import { StatusDot } from "@/components/ui/status-dot";

export interface ResolvedCrumbs {
  /** crumbKey() of the entity they were resolved for. */
  key: string;
  crumbs: Crumbs;
}

function Separator() {
  return (
    <li aria-hidden="true" className="text-topbar-muted">
      /
    </li>
  );
}

export function Breadcrumbs({ licenseeName, initial }: { licenseeName: string; initial?: ResolvedCrumbs }) {
  const pathname = usePathname() ?? "";
  const query = useSearchParams()?.toString() ?? "";
  const path = query ? `${pathname}?${query}` : pathname;
  const catalog = useEntityCatalog();
  const key = crumbKey(parseCrumbPath(path, crumbRoutes(catalog)));
  const [fetched, setFetched] = useState<ResolvedCrumbs | null>(null);

  const known = initial?.key === key ? initial : fetched?.key === key ? fetched : null;
  useEffect(() => {
    if (!key || known) return;
    let live = true;
    resolveCrumbsAction({ path }).then(
      (result) => !expiredSession(result) && live && setFetched({ key, crumbs: result.ok ? result.data : {} }),
      () => live && setFetched({ key, crumbs: {} }),
    );
    return () => {
      live = false;
    };
  }, [key, known, path]);

  const crumbs = key ? (known?.crumbs ?? {}) : {};
  // Outermost first; a dropdown lists the crumb's siblings under its parents.
  const shown = crumbEntities(catalog).filter((e) => crumbs[e.key]);
  const parents: ParentFilter = {};
  for (const e of shown) {
    const param = e.crumb?.queryParam;
    if (isParentFilterKey(param)) parents[param] = crumbs[e.key]!.id;
  }
  const sectionKey = sectionOf(pathname);
  const section = sectionKey ? CONSOLE_SECTIONS[sectionKey] : undefined;

  return (
    <nav aria-label="Breadcrumb" data-testid="breadcrumbs" className="min-w-0">
      <ol className="flex items-center gap-2 text-sm">
        <li className="truncate font-medium text-topbar-foreground" data-testid="licensee-name">
          {licenseeName}
        </li>
        {shown.length === 0 && section && (
          <>
            <Separator />
            <li className="truncate text-topbar-muted" aria-current="page">
              {section}
            </li>
          </>
        )}
        {shown.map((entity) => {
          const item = crumbs[entity.key]!;
          const href = detailsHref(entity, item.id);
          return (
            <Fragment key={entity.key}>
              <Separator />
              {entity.crumb?.switchable ? (
                <CrumbDropdown entity={entity} item={item} parents={parents} />
              ) : (
                <li className="flex min-w-0 items-center gap-1.5" data-testid={`crumb-${entity.key}`}>
                  <StatusDot active={item.active} />
                  {href ? (
                    <Link href={href} title={item.name} className="truncate text-topbar-foreground hover:underline">
                      {cutText(item.name, CRUMB_TEXT_MAX)}
                    </Link>
                  ) : (
                    <span title={item.name} className="truncate text-topbar-foreground">
                      {cutText(item.name, CRUMB_TEXT_MAX)}
                    </span>
                  )}
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
