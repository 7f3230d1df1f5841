// The one way the app gets zod: `import { z } from "<path>/lib/validation/z"`,
// zod's namespace with its free-text constructors (string, url, coerce.string)
// refusing text that cannot be stored (./checked-zod.ts). Client-safe.
import * as z from "./checked-zod";

export { z };
