/**
 * The chaos suite's sandbox (#19 "And keep them fixed"): a temporary HOME
 * and project, connector modules generated with any id and surfaces, the
 * CLI in-process or as a child process (so it can be killed), and
 * snapshots of every byte outside the data root.
 *
 * @module
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { type CliRun, runCliCaptured } from "../_helpers/cli.ts";
import { cliArgv, denoDirEnv, REPO } from "../_helpers/runtime.ts";
import { listDirs, snapshotTree, type TreeSnap } from "../_helpers/tree.ts";

/** How many cases a sweep runs: `CHAOS_RUNS` raises (or lowers) the default. */
export function runs(fallback: number): number {
  const n = Number(process.env.CHAOS_RUNS);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The surfaces a generated connector declares. */
export interface ConnectorShape {
  /** A stdio MCP server. */
  server?: boolean;
  /** Hook events with a handler that answers nothing. */
  hooks?: string[];
  /** Slash commands by name. */
  commands?: string[];
  /** Skills by name. */
  skills?: string[];
  /** Memory texts. */
  memory?: string[];
}

/** Every surface: what the kill sweeps install. */
export const FULL: ConnectorShape = {
  server: true,
  hooks: ["SessionStart", "PreToolUse", "Stop"],
  commands: ["deploy"],
  skills: ["sql"],
  memory: ["The database is the source of truth."],
};

/** A sandbox. */
export interface ChaosBox {
  /** Its root. */
  base: string;
  /** The temporary HOME (the data root is its `.agent-connector`). */
  home: string;
  /** The temporary project (the working directory of every run). */
  project: string;
  /** Writes a connector module for `id` and returns its folder. */
  connector(id: string, shape?: ConnectorShape): string;
  /** Writes `text` at `path` under the sandbox, creating folders. */
  put(path: string, text: string | Uint8Array): string;
  /** Runs the CLI in-process. */
  cli(...argv: string[]): Promise<CliRun>;
  /** The command line and environment of the CLI as a child process. */
  child(...argv: string[]): { argv: string[]; env: Record<string, string> };
  /** Every file (bytes) and folder of HOME and project, the data root left out. */
  snap(): TreeSnap;
  /** Removes the sandbox. */
  dispose(): void;
}

/** A fresh sandbox; `seed` writes the user's own files first. */
export function chaosBox(seed: (put: ChaosBox["put"]) => void = () => {}): ChaosBox {
  const base = mkdtempSync(join(tmpdir(), "ac-chaos-"));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  const env = { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() };
  const put = (path: string, text: string | Uint8Array) => {
    const at = join(base, path);
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, text);
    return at;
  };
  seed(put);
  return {
    base,
    home,
    project,
    put,
    connector(id, shape = FULL) {
      const dir = join(base, "connectors", id);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "agent-connector.config.mjs"), connectorModule(id, shape));
      return dir;
    },
    cli: (...argv) => runCliCaptured(argv, { home, env, cwd: project, os: "linux" }),
    child: (...argv) => ({ argv: cliArgv(...argv), env }),
    snap() {
      const files = new Map<string, string>();
      for (const [p, t] of snapshotTree(home, [".agent-connector"])) files.set(`home/${p}`, t);
      for (const [p, t] of snapshotTree(project)) files.set(`project/${p}`, t);
      return {
        files,
        dirs: [
          ...listDirs(home, [".agent-connector"]).map((d) => `home/${d}`),
          ...listDirs(project).map((d) => `project/${d}`),
        ],
      };
    },
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
}

/** The source of a connector module with `shape`'s surfaces. */
export function connectorModule(id: string, shape: ConnectorShape): string {
  const sdk = pathToFileURL(join(REPO, "mod.ts")).href;
  const def: string[] = [`id: ${JSON.stringify(id)}`];
  if (shape.server) {
    def.push(
      `server: { transport: "stdio", command: "npx", args: ["-y", "@${id}/mcp"] }`,
    );
  }
  if (shape.hooks?.length) {
    def.push(
      `hooks: { ${shape.hooks.map((e) => `${e}: { handler: () => undefined }`).join(", ")} }`,
    );
  }
  if (shape.commands?.length) {
    def.push(`commands: ${
      JSON.stringify(shape.commands.map((n) => ({
        name: `${id}-${n}`,
        description: `The ${n} command of ${id}`,
        prompt: `Run ${n} for $ARGUMENTS.`,
      })))
    }`);
  }
  if (shape.skills?.length) {
    def.push(`skills: ${
      JSON.stringify(shape.skills.map((n) => ({
        name: `${id}-${n}`,
        description: `Writes ${n} for ${id}. Use when the user asks for ${n}.`,
        body: `Prefer the ${id} tools.`,
      })))
    }`);
  }
  if (shape.memory?.length) {
    def.push(`memory: ${JSON.stringify(shape.memory.map((content) => ({ content })))}`);
  }
  return `import { defineConnector } from ${JSON.stringify(sdk)};\n` +
    `export default defineConnector({\n  ${def.join(",\n  ")},\n});\n`;
}
