// Side-effect import for scripts: `import "./dotenv.mjs"` as the first import
// loads .env into process.env (without overriding what is set) before any
// other module reads its configuration.
import { loadDotEnv } from "./load-dotenv.mjs";

loadDotEnv();
