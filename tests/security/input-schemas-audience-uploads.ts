// The input schemas of CRM uploads, remote upload schedules and the DMP access
// check (lib/audiences/upload, lib/audiences/remote), spread into
// INPUT_SCHEMAS (./input-schemas.ts), with inputs the details page and the REST API send.
import { CrmEncodingSchema } from "@/lib/audiences/upload/upload";
import { RemoteScheduleSchema } from "@/lib/audiences/remote/schema";
import { CrmUploadBodySchema, DmpAccessQuerySchema, RemoteScheduleBodySchema } from "@/lib/audiences/remote/api-schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const FORM = { url: "files.example.com/crm/users.csv.gz", protocol: "SFTP", encoding: "SHA256", compression: "GZIP", frequencyValue: "14", frequencyUnit: "DAY", username: "crm", password: "" };
const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
const DOC_ONLY = "documents the request in OpenAPI only: the route parses it with the form's own schema (RemoteScheduleSchema, CrmEncodingSchema, IdSchema)";

export const AUDIENCE_UPLOAD_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/audiences/upload/upload.ts#CrmEncodingSchema": { cases: () => one("CrmEncodingSchema", CrmEncodingSchema, "NONE", "MD5", "SHA256") },
  "lib/audiences/remote/schema.ts#RemoteScheduleSchema": {
    cases: () => one("RemoteScheduleSchema", RemoteScheduleSchema, FORM, { ...FORM, protocol: "HTTPS", username: "", frequencyValue: 6, frequencyUnit: "HOUR" }, { url: "10.0.0.1:2121/a.csv", protocol: "FTP" }),
  },
  "lib/audiences/remote/api-schema.ts#RemoteScheduleBodySchema": { excluded: DOC_ONLY },
  "lib/audiences/remote/api-schema.ts#CrmUploadBodySchema": { excluded: DOC_ONLY },
  "lib/audiences/remote/api-schema.ts#DmpAccessQuerySchema": { excluded: DOC_ONLY },
  "lib/audiences/remote/api-schema.ts#RemoteScheduleViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/remote/api-schema.ts#RemoteCheckSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/remote/api-schema.ts#RemoteSyncSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/remote/api-schema.ts#CrmUploadResultSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/remote/api-schema.ts#DmpAccessSchema": { excluded: RESPONSE_SHAPE },
};
// The documentation-only schemas are imported so that a rename breaks this file, not the test's discovery.
void [CrmUploadBodySchema, DmpAccessQuerySchema, RemoteScheduleBodySchema];
