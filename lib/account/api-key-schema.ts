// The Generate API Key form, shared by the page (zodResolver) and the mutation.
import { z } from "zod";

export const API_KEY_NAME_MAX = 60;

export const ApiKeyCreateSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(API_KEY_NAME_MAX, `At most ${API_KEY_NAME_MAX} characters`),
});
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateSchema>;

/** What the page shows of a key: never its hash, never its secret. */
export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
