// A readable browser and system from a User-Agent header (bowser), for the
// user's list of recent sign-ins: "Chrome 156 on Linux", "Safari 17.4 on iOS 17.4".
import Bowser from "bowser";

export const UNKNOWN_DEVICE = "Unknown browser";

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(ua);
  // Not a browser (a script, an HTTP client): its own short name says more than nothing.
  if (!browser.name) return ua.length > 60 ? `${ua.slice(0, 59)}…` : ua;
  const major = browser.version?.split(".")[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  const system = [os.name, os.versionName ?? os.version].filter(Boolean).join(" ");
  return system ? `${name} on ${system}` : name;
}
