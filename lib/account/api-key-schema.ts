// The Generate API Key form, shared by the page (zodResolver) and the mutation.
import { z } from "../validation/z";

export const API_KEY_NAME_MAX = 60;

/** How long a new key lives, in days (the form's choices). */
export const API_KEY_EXPIRY_CHOICES = ["30", "90", "365"] as const;
export const API_KEY_DEFAULT_EXPIRY = "90";

/** READ_ONLY keys are refused every write of the REST API, whatever the user's role. */
export const API_KEY_SCOPES = [
  { id: "READ_ONLY", name: "Read-only" },
  { id: "READ_WRITE", name: "Read-write" },
] as const;
export type ApiKeyScopeId = (typeof API_KEY_SCOPES)[number]["id"];
// Least privilege unless the user asks for more.
export const API_KEY_DEFAULT_SCOPE: ApiKeyScopeId = "READ_ONLY";

export const API_KEY_MESSAGES = {
  expiry: "Choose 30, 90 or 365 days",
  scope: "Choose read-only or read-write",
} as const;

export const ApiKeyCreateSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`),
  expiresInDays: z.enum(API_KEY_EXPIRY_CHOICES, { error: API_KEY_MESSAGES.expiry }).default(API_KEY_DEFAULT_EXPIRY),
  scope: z.enum(["READ_ONLY", "READ_WRITE"], { error: API_KEY_MESSAGES.scope }).default(API_KEY_DEFAULT_SCOPE),
});
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateSchema>;

export function apiKeyScopeName(scope: string): string {
  return API_KEY_SCOPES.find((s) => s.id === scope)?.name ?? scope;
}

/** What the page shows of a key: never its hash, never its secret. */
export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScopeId;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Decided on the server when the list is read: revoked wins over expired. */
  status: "ACTIVE" | "EXPIRED" | "REVOKED";
}
