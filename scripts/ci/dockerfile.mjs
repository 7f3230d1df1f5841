// Reads what the final stage of the Dockerfile puts into the image: the files
// it copies from the build stage, its environment and its start command. The
// image-layout check (image-layout.mjs) reproduces exactly that, so the check
// and the Dockerfile cannot drift apart.
import fs from "node:fs";

/** Joins continuation lines and drops comments. */
function instructions(text) {
  const lines = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!current && (line === "" || line.startsWith("#"))) continue;
    if (line.endsWith("\\")) {
      current += line.slice(0, -1) + " ";
      continue;
    }
    lines.push((current + line).trim());
    current = "";
  }
  return lines;
}

/** KEY=value pairs of an ENV instruction (the modern form; values without spaces). */
function parseEnv(args) {
  return Object.fromEntries(
    args.split(/\s+/).map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 1) throw new Error(`Dockerfile: ENV ${args}: only KEY=value pairs are understood`);
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

/**
 * The final stage: `copies` ({ from, to }: paths relative to the build stage's
 * WORKDIR and the image's WORKDIR), `env`, `cmd` (a shell command line),
 * `dirs` (directories its RUN mkdir -p creates) and `packages` (what its RUN
 * apt-get install installs).
 */
export function finalStage(file) {
  const all = instructions(fs.readFileSync(file, "utf8"));
  const start = all.findLastIndex((i) => /^FROM\s/i.test(i));
  const buildWorkdir = all.slice(0, start).findLast((i) => /^WORKDIR\s/i.test(i))?.split(/\s+/)[1] ?? "/";
  const stage = { copies: [], env: {}, cmd: null, dirs: [], packages: [] };
  for (const instruction of all.slice(start + 1)) {
    const [keyword, ...rest] = instruction.split(/\s+/);
    const args = rest.join(" ");
    switch (keyword.toUpperCase()) {
      case "ENV":
        Object.assign(stage.env, parseEnv(args));
        break;
      case "COPY": {
        const match = /^--from=\S+\s+(\S+)\s+(\S+)$/.exec(args);
        if (!match) throw new Error(`Dockerfile: COPY ${args}: the final stage may only copy one path from the build stage`);
        const from = match[1].startsWith(buildWorkdir + "/") ? match[1].slice(buildWorkdir.length + 1) : null;
        if (!from) throw new Error(`Dockerfile: COPY ${args}: source outside the build stage's WORKDIR ${buildWorkdir}`);
        stage.copies.push({ from, to: match[2] });
        break;
      }
      case "RUN": {
        const mkdir = /mkdir -p (\S+)/.exec(args);
        if (mkdir) stage.dirs.push(mkdir[1]);
        const apt = /apt-get install ([^&|;]*)/.exec(args);
        if (apt) stage.packages.push(...apt[1].split(/\s+/).filter((word) => word && !word.startsWith("-")));
        break;
      }
      case "CMD": {
        const exec = JSON.parse(args);
        if (exec[0] !== "sh" || exec[1] !== "-c") throw new Error(`Dockerfile: CMD ${args}: expected ["sh", "-c", "..."]`);
        stage.cmd = exec[2];
        break;
      }
    }
  }
  if (!stage.copies.length || !stage.cmd) throw new Error("Dockerfile: the final stage copies nothing or has no CMD");
  return stage;
}
