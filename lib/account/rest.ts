// The account's REST operations (no entity's: the router lists them,
// lib/api/operations.ts): the caller's user info, and the browser's session
// re-issue after a password change or licensee switch.
import "server-only";
import { defineOperation, type RestOperation } from "../rest/operation";
import { readJsonBody } from "../net/read-body";
import { ANONYMOUS_BODY_LIMIT_BYTES } from "../security/anonymous-body";
import { UserInfoSchema } from "./api-schema";
import { getUserInfo } from "./api-v1";
import { reissueSession } from "./session-reissue";

export const accountOperations: readonly RestOperation[] = [
  defineOperation({
    method: "GET", path: "/me", access: "read", operationId: "getUserInfo", tags: ["account"],
    summary: "The caller: user, role, licensee and its advertiser ids",
    response: { description: "User info (shell.md 3).", schema: UserInfoSchema },
    handle: ({ ctx }) => getUserInfo(ctx),
  }),
  // POST /api/v1/session { ticket }: this browser's session cookie takes the new claims
  // (./session-reissue.ts). The ticket proves who asks, so no session is checked first;
  // its body is a few dozen bytes, read under the signed-out cap. The console's own call, unpublished.
  defineOperation({
    method: "POST", path: "/session", access: "public", operationId: "reissueSession", tags: ["account"], documented: false,
    bodyLimitBytes: ANONYMOUS_BODY_LIMIT_BYTES,
    summary: "Re-issue this browser's session cookie from a ticket",
    response: { description: "The cookie was re-issued.", status: 204 },
    handle: async ({ request }) => {
      const body = await readJsonBody(request, ANONYMOUS_BODY_LIMIT_BYTES);
      await reissueSession(body.ticket);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    },
  }),
];
