"use client";
// Whether the chosen advertiser has partner-data (DMP) access (business.md 4,
// 7 "access check"), for the audience form: the DMP source is offered only
// with access. null while unknown; a failed check reads as no access.
import { useEffect, useState } from "react";
import { audienceDmpAccessAction } from "@/lib/audiences/dmp/actions";

export function useDmpAccess(advertiserId: number | null, wanted: boolean): boolean | null {
  const [answer, setAnswer] = useState<{ for: number; access: boolean } | null>(null);
  useEffect(() => {
    if (!wanted || advertiserId === null || answer?.for === advertiserId) return;
    let cancelled = false;
    audienceDmpAccessAction({ advertiserId }).then(
      (r) => !cancelled && setAnswer({ for: advertiserId, access: r.ok && r.data.isDmpAccess }),
      () => !cancelled && setAnswer({ for: advertiserId, access: false }),
    );
    return () => {
      cancelled = true;
    };
  }, [advertiserId, wanted, answer]);
  return answer?.for === advertiserId ? answer.access : null;
}
