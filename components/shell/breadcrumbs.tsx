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
import { resolveCrumbsAction } from "@/lib/menu/actions";
import { CRUMB_TEXT_MAX, cutText } from "@/lib/menu/constants";
import { crumbKey, detailsHref, parseCrumbPath } from "@/lib/menu/routes";
import { CRUMB_KINDS, type CrumbKind, type Crumbs, type SwitchableCrumb } from "@/lib/menu/types";
import { CrumbDropdown } from "./crumb-dropdown";
import { SECTION_LABELS, firstSegment } from "./sections";
import { Dot } from "./status-dot";

export interface ResolvedCrumbs {
  /** crumbKey() of the entity they were resolved for. */
  key: string;
  crumbs: Crumbs;
}

const SWITCHABLE = new Set<CrumbKind>(["advertiser", "campaign", "strategy"]);

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
  const key = crumbKey(parseCrumbPath(path));
  const [fetched, setFetched] = useState<ResolvedCrumbs | null>(null);

  const known = initial?.key === key ? initial : fetched?.key === key ? fetched : null;
  useEffect(() => {
    if (!key || known) return;
    let live = true;
    resolveCrumbsAction(path).then(
      (result) => !expiredSession(result) && live && setFetched({ key, crumbs: result.ok ? result.data : {} }),
      () => live && setFetched({ key, crumbs: {} }),
    );
    return () => {
      live = false;
    };
  }, [key, known, path]);

  const crumbs = key ? (known?.crumbs ?? {}) : {};
  const kinds = CRUMB_KINDS.filter((k) => crumbs[k]);
  const section = SECTION_LABELS[firstSegment(pathname)];

  return (
    <nav aria-label="Breadcrumb" data-testid="breadcrumbs" className="min-w-0">
      <ol className="flex items-center gap-2 text-sm">
        <li className="truncate font-medium text-topbar-foreground" data-testid="licensee-name">
          {licenseeName}
        </li>
        {kinds.length === 0 && section && (
          <>
            <Separator />
            <li className="truncate text-topbar-muted" aria-current="page">
              {section}
            </li>
          </>
        )}
        {kinds.map((kind) => {
          const item = crumbs[kind]!;
          return (
            <Fragment key={kind}>
              <Separator />
              {SWITCHABLE.has(kind) ? (
                <CrumbDropdown
                  kind={kind as SwitchableCrumb}
                  item={item}
                  parents={{ advertiserId: crumbs.advertiser?.id, campaignId: crumbs.campaign?.id }}
                />
              ) : (
                <li className="flex min-w-0 items-center gap-1.5" data-testid={`crumb-${kind}`}>
                  <Dot active={item.active} />
                  <Link href={detailsHref(kind, item.id)} title={item.name} className="truncate text-topbar-foreground hover:underline">
                    {cutText(item.name, CRUMB_TEXT_MAX)}
                  </Link>
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
