// Types of load-dotenv.mjs for the TypeScript scripts that import it.
export function parseDotEnv(text: string): [string, string][];
export function loadDotEnv(file?: string, env?: Record<string, string | undefined>): string[];
