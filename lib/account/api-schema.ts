// The answer of GET /api/v1/me (shell.md 3 user info), as documented.
import { z } from "../validation/z";

export const UserInfoSchema = z.object({
  username: z.string(),
  name: z.string(),
  authorities: z.array(z.string()).meta({ description: "ROLE_RW, ROLE_RO or ROLE_DEMO." }),
  selectedLicensee: z.object({ name: z.string(), id: z.number().int(), currencyCode: z.string() }),
  advertisers: z.array(z.object({ id: z.number().int() })),
  canSwitch: z.boolean(),
  canChangeSecret: z.boolean(),
  twoFactorEnabled: z.boolean(),
  forcePasswordChange: z.boolean(),
});
