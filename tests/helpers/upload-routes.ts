// The upload route handlers as a browser on a licensee's host calls them, for
// test files that replace @/lib/auth/session with doubles of requireSession
// and getSessionContext (see session-mock.ts).
import { GET } from "@/app/api/files/[...key]/route";
import { signedIn, signedInUploader } from "./session-mock";

export const UPLOAD_HOST = "default.localhost:3000";

/** GET of a stored file's URL (/api/files/...) through the file route. */
export function fileRequest(url: string) {
  const segments = url.replace(/^\/api\/files\//, "").split("/");
  return GET(new Request(`http://${UPLOAD_HOST}${url}`, { headers: { host: UPLOAD_HOST } }), { params: Promise.resolve({ key: segments }) });
}

/**
 * Nobody signed in gets 401 and read-only or demo users of the advertiser's
 * licensee get 403, with nothing stored. `upload` builds the request, for the
 * given advertiser or (null) the test's own.
 */
export async function expectSessionAndRoleRefused(
  status: (req: Request) => Promise<unknown[]>,
  upload: (advertiserId: string | null) => Request,
  storedFiles: () => string[],
) {
  signedIn(null);
  expect(await status(upload(null))).toEqual([401, "Your current session has expired! Please log in again."]);
  for (const role of ["RO", "DEMO"] as const) {
    const t = await signedInUploader(role);
    expect(await status(upload(String(t.advertiser.id)))).toEqual([403, "You do not have permission to change this"]);
  }
  expect(storedFiles()).toEqual([]);
}
