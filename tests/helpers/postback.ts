// MMP postback tests: an advertiser with a working postback key. The test file
// replaces requireSession with a jest.fn (see session-mock.ts).
import { rotatePostbackKeyAction } from "@/lib/audiences/postback/actions";
import * as f from "./factories";
import { requireSessionMock } from "./session-mock";

/** An advertiser whose RW user generated a postback key through the action (and is left signed in). */
export async function advertiserWithPostbackKey() {
  const tenant = await f.makeTenantWithAdvertiser("RW");
  requireSessionMock.mockResolvedValue(tenant.ctx);
  const result = await rotatePostbackKeyAction({ advertiserId: tenant.advertiser.id });
  if (!result.ok) throw new Error(JSON.stringify(result));
  return { ...tenant, key: result.data.key };
}
