// The header of a details page (campaign, strategy): where the record sits
// (its advertiser, campaign), its name, id and status, then Edit and
// Activate / Deactivate. Users who may not change the record (read-only,
// demo, an archived record) see Edit and the status action disabled; an
// archived record has no status action at all (business.md 4).
import { Fragment, type ReactNode } from "react";
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { RecordTitle } from "@/components/common/record-title";
import { EntityStatusActions, type EntityStatusActionsProps } from "@/components/common/entity-status-actions";

export interface DetailsHeaderProps {
  record: { id: number; name: string; active: boolean; isArchived: boolean };
  /** The records it sits under, outermost first (its advertiser, its campaign): linked on the line above the name. */
  parents: ReadonlyArray<{ name: string; href: string; testId: string }>;
  /** What the record is ("Campaign"), said after its parents. */
  kind: string;
  /** The edit form's route. */
  editHref: string;
  canWrite: boolean;
  /** Prefix of the test ids: <prefix>-name, <prefix>-edit, and the status action's. */
  testIdPrefix: string;
  status: Pick<EntityStatusActionsProps, "entity" | "names" | "deactivateNote">;
  /** More controls before Edit (a strategy's Clone and Save as strategy template). */
  actions?: ReactNode;
}

export function DetailsHeader({ record, parents, kind, editHref, canWrite, testIdPrefix, status, actions }: DetailsHeaderProps) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs"
      data-testid={`${testIdPrefix}-header`}
    >
      <div className="min-w-0">
        <p className="text-sm text-slate-600">
          {parents.map((parent, i) => (
            <Fragment key={parent.href}>
              {i > 0 ? " › " : null}
              <Link href={parent.href} className="hover:underline" data-testid={parent.testId}>
                {parent.name}
              </Link>
            </Fragment>
          ))}{" "}
          · {kind}
        </p>
        <RecordTitle name={record.name} nameTestId={`${testIdPrefix}-name`} id={record.id} active={record.active} isArchived={record.isArchived} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        {canWrite ? (
          <Link href={editHref} className={buttonClass("secondary")} data-testid={`${testIdPrefix}-edit`}>
            Edit
          </Link>
        ) : (
          <Button disabled data-testid={`${testIdPrefix}-edit`}>
            Edit
          </Button>
        )}
        {record.isArchived ? null : (
          <EntityStatusActions {...status} id={record.id} active={record.active} disabled={!canWrite} testIdPrefix={testIdPrefix} />
        )}
      </div>
    </div>
  );
}
