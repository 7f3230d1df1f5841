// A fresh ALTCHA challenge for the sign-in captcha widget. Public (signed-out
// visitors need it); challenges are signed and expire, so handing them out
// costs nothing but one key derivation.
import { selectCaptcha } from "@/lib/auth/captcha";
import { createAltchaChallenge } from "@/lib/auth/captcha/altcha";

export const dynamic = "force-dynamic";

export async function GET() {
  if (selectCaptcha().client.provider !== "altcha") return new Response(null, { status: 404 });
  const challenge = await createAltchaChallenge();
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
