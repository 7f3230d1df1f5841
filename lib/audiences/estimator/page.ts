// Data of /audience/analysis?advertiserId=N (the conversion estimator): the
// session, the advertiser of the URL (when it is the licensee's and not
// archived) and its audiences to choose from. Another licensee's or an
// unknown advertiser simply starts the page without one.
import "server-only";
import { presetAdvertiser } from "../page";
import { tenantDb } from "../../data/tenant-db";
import { requireConsoleSession } from "../../auth/request";
import type { NamedRecord } from "../../creative-sets/page";
import { estimatorAudienceOptions } from "./queries";

export interface EstimatorAudienceOption {
  id: number;
  name: string;
  source: string;
  totalUU: number;
}

export async function estimatorPage(param: string | string[] | undefined): Promise<{ advertiser: NamedRecord | null; audiences: EstimatorAudienceOption[] }> {
  const ctx = await requireConsoleSession();
  const advertiser = await presetAdvertiser(ctx, param);
  if (!advertiser) return { advertiser: null, audiences: [] };
  const rows = await estimatorAudienceOptions(tenantDb(ctx), advertiser.id);
  return { advertiser, audiences: rows.map((r) => ({ id: r.id, name: r.name, source: r.source, totalUU: Number(r.totalUU) })) };
}
