/**
 * A temp HOME and Deno cache for tests of agent-connector installed from
 * JSR (tests/jsr_*_e2e_test.ts), the connector they install, and how a host
 * runs its hook.
 *
 * @module
 */

import assert from "node:assert/strict";
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { replyObject } from "./payloads.ts";

const deno = process.execPath;

/**
 * Runs a child without blocking this process's event loop, which serves the
 * registry stand-in the child fetches from.
 */
export function runAsync(
  command: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string> },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c) => stdout += c);
    child.stderr.setEncoding("utf8").on("data", (c) => stderr += c);
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Deno's own cache folder, whose npm packages the temp DENO_DIR borrows. */
export function realDenoDir(): string {
  const info = spawnSync(deno, ["info", "--json"], { encoding: "utf8" });
  return JSON.parse(info.stdout).denoDir;
}

/** The user's own Claude settings, with a comment, before any install. */
export const USER_SETTINGS = '{\n  // mine\n  "model": "opus"\n}\n';

/** A test's HOME, Deno cache and the ways to run in them. */
export interface Box {
  /** The temp HOME. */
  home: string;
  /** The temp DENO_DIR. */
  denoDir: string;
  /** The installing user's environment, plus `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** A host's environment: no DENO_DIR, no JSR_URL — the launcher pins what the install used. */
  hostEnv: Record<string, string>;
  /** Runs the command line Claude Code would run, with `payload` on stdin. */
  hook(command: string, payload: unknown): SpawnSyncReturns<string>;
  /** Claude's user settings text. */
  settings(): string;
  /** Unlinks the shared npm cache, before the temp folder goes. */
  release(): void;
}

/** A temp HOME and Deno cache (sharing only the npm packages of the real one) under `dir`. */
export function box(dir: string): Box {
  const home = join(dir, "home");
  const denoDir = join(dir, "deno");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(denoDir);
  symlinkSync(join(realDenoDir(), "npm"), join(denoDir, "npm"));
  writeFileSync(join(home, ".claude", "settings.json"), USER_SETTINGS);
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    HOME: home,
    PATH: process.env.PATH ?? "",
    DENO_DIR: denoDir,
    NO_COLOR: "1",
    ...extra,
  });
  /** A host's environment: no DENO_DIR, no JSR_URL — the launcher pins what the install used. */
  const hostEnv = { HOME: home, PATH: process.env.PATH ?? "", NO_COLOR: "1" };
  /** Runs the command line Claude Code would run, with `payload` on stdin. */
  const hook = (command: string, payload: unknown) =>
    spawnSync("sh", ["-c", command], {
      cwd: dir,
      input: JSON.stringify(payload),
      encoding: "utf8",
      env: hostEnv,
    });
  const settings = () => readFileSync(join(home, ".claude", "settings.json"), "utf8");
  // Unlinked before the temp folder goes: the link must never lead a recursive remove into the cache.
  const release = () => unlinkSync(join(denoDir, "npm"));
  return { home, denoDir, env, hostEnv, hook, settings, release };
}

/** An MCP server for the connector to declare. */
export const FAKE_SERVER: string =
  new URL("../fixtures/serve/fake_server.mjs", import.meta.url).pathname;

/** A connector module importing `defineConnector` from `sdk`: it denies every tool. */
export const CONNECTOR = (sdk: string): string =>
  `import { defineConnector } from "${sdk}";
export default defineConnector({
  id: "jsr-demo",
  version: "1.0.0",
  server: { transport: "stdio", command: ${JSON.stringify(process.execPath)}, args: ["run", "-A", ${
    JSON.stringify(FAKE_SERVER)
  }] },
  hooks: {
    PreToolUse: { handler: (evt) => ({ decision: "deny", reason: \`not \${evt.toolName} today\` }) },
  },
});
`;

/** The PreToolUse command line the install wrote into Claude settings. */
export function hookCommand(settingsText: string): string {
  const settings = JSON.parse(settingsText.replace(/^\s*\/\/.*$/gm, ""));
  return settings.hooks.PreToolUse[0].hooks[0].command;
}

/** Asserts Claude's native deny reply of the connector, with nothing on stderr. */
export function assertDenied(reply: SpawnSyncReturns<string>, detail: string): void {
  assert.deepEqual([reply.status, reply.stderr], [0, ""], detail);
  assert.deepEqual(replyObject(String(reply.stdout)), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "not Bash today",
    },
  });
}
