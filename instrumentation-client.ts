// Runs in the browser before the application's own code (Next's
// instrumentation-client convention): prepares third-party code for the
// page's Content-Security-Policy.
import { prepareClientForCsp } from "./lib/security/csp-client";

prepareClientForCsp();
