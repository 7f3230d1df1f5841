// Sets environment variables (read through lib/env, which re-reads them
// when they change) for the tests of the enclosing describe block or file,
// and puts the previous values back afterwards.
export function useEnv(vars: Record<string, string>, scope: "each" | "all" = "each") {
  const saved: Record<string, string | undefined> = {};
  const set = () => {
    for (const [name, value] of Object.entries(vars)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  };
  const restore = () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  if (scope === "all") {
    beforeAll(set);
    afterAll(restore);
  } else {
    beforeEach(set);
    afterEach(restore);
  }
}
