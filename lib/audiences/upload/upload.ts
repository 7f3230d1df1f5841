// CRM file upload (business.md 3 AUDIENCE, 5 "file types csv, txt, zip, gz"):
// the file of a CRM audience becomes members (origin CRM) of that audience.
// Checked in this order, each failure a field error that changes nothing: the
// audience (this licensee's, not archived, of kind CRM), the encoding, the
// file (present, csv/txt/zip/gz by name, within the size limit), its content
// (line limit, archive limits, at least one valid identifier). The members,
// the recount and the activity row are one transaction (store.ts). The
// caller (./route.ts) checks the write role before the body is read.
import "server-only";
import { z } from "../../validation/z";
import type { ActionScope } from "../../data/scope";
import { writeActivity } from "../../audit/activity";
import { validationError } from "../../validation/errors";
import { ConflictError } from "../../errors";
import { orNotFound } from "../../data/gate";
import type { TenantTx } from "../../data/tenant-db";
import { withAuditedChange } from "../../data/transaction";
import type { Audience } from "../../generated/prisma/client";
import { toAudienceId } from "../queries";
import { AUDIENCE_MESSAGES } from "../schema";
import { CRM_ENCODINGS, CRM_UPLOAD_MESSAGES as M, CrmFileError, crmFileKind, type CrmFileSummary } from "./identifiers";
import { readCrmFile } from "./read";
import { fileActivity, MEMBER_TRANSACTION, storeFileKeys } from "./store";

export const CrmEncodingSchema = z.enum(CRM_ENCODINGS, { error: M.encoding });

/** The file as the multipart reader left it on disk (lib/creatives/media/multipart.ts). */
export interface ReceivedCrmFile {
  name: string;
  path: string;
  overLimit: boolean;
}

export interface CrmUploadResult extends CrmFileSummary {
  fileName: string;
  totalUU: number;
  dailyUU: number;
}

/** The audience a file may be uploaded to: this licensee's (else not found), not archived, of kind CRM. */
export async function uploadableAudience(db: Pick<TenantTx, "audience">, id: number | string): Promise<Audience> {
  const audience = orNotFound(await db.audience.findUnique({ where: { id: toAudienceId(id) } }), "Audience");
  if (audience.isArchived) throw new ConflictError(AUDIENCE_MESSAGES.archivedReadOnly);
  if (audience.kind !== "CRM") throw validationError(["file"], M.notCrm);
  return audience;
}

export async function uploadCrmFile(
  scope: ActionScope,
  audienceId: number | string,
  input: { encoding: unknown; file: ReceivedCrmFile | undefined },
  now: Date = new Date(),
): Promise<CrmUploadResult> {
  const audience = await uploadableAudience(scope.db, audienceId);
  const encoding = CrmEncodingSchema.safeParse(input.encoding ?? "NONE");
  if (!encoding.success) throw validationError(["encoding"], M.encoding);
  const file = input.file;
  if (!file) throw validationError(["file"], M.chooseFile);
  const kind = crmFileKind(file.name);
  if (!kind) throw validationError(["file"], M.fileType);
  if (file.overLimit) throw validationError(["file"], M.tooLarge);
  let read;
  try {
    read = await readCrmFile({ path: file.path }, { kind, encoding: encoding.data, identifierType: audience.deviceIdentifier });
  } catch (err) {
    if (err instanceof CrmFileError) throw validationError(["file"], err.message);
    throw err;
  }
  if (read.keys.size === 0) throw validationError(["file"], M.noIdentifiers);
  const stored = await withAuditedChange(
    scope,
    async (tx) => {
      const result = await storeFileKeys(tx, audience.id, "CRM", read.keys, read.summary, now);
      await writeActivity(tx, scope.ctx, fileActivity(audience, "CRM", file.name, read.summary));
      return result;
    },
    MEMBER_TRANSACTION,
  );
  return { fileName: file.name, ...read.summary, totalUU: stored.totalUU, dailyUU: stored.dailyUU };
}
