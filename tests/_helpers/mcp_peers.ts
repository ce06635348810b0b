/**
 * Real MCP peers from npm for the serve and probe tests, installed once per
 * machine into a cache folder (never committed): the reference server
 * `@modelcontextprotocol/server-everything` runs under Node exactly as a
 * user's would. The pins below are the versions checked in
 * notes/real-components.md; the SDK is pinned too so the server resolves the
 * same protocol code the test client imports through deno.json.
 *
 * Concurrent test processes share one install: the first takes a lock
 * (an exclusive mkdir), the others wait for its ready marker.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { runtimeName } from "../../edge/runtime_info.ts";

/** Exact versions of the test peers. */
export const MCP_TEST_PEERS: Readonly<Record<string, string>> = {
  "@modelcontextprotocol/server-everything": "2026.8.31",
  "@modelcontextprotocol/sdk": "1.32.2",
};

const MANIFEST = JSON.stringify(
  {
    name: "agent-connector-test-peers",
    private: true,
    type: "module",
    dependencies: MCP_TEST_PEERS,
  },
  null,
  2,
);

/** The cache folder: `$AGENT_CONNECTOR_TEST_PEERS_DIR`, else one per pin set under tmp. */
export function peersDir(): string {
  const override = process.env.AGENT_CONNECTOR_TEST_PEERS_DIR;
  if (override) return override;
  const key = createHash("sha256").update(MANIFEST).digest("hex").slice(0, 12);
  return join(tmpdir(), `agent-connector-test-peers-${key}`);
}

/** The Node executable that runs the peers (the test runtime itself under Node). */
export function nodeExecutable(): string {
  return runtimeName() === "node" ? process.execPath : "node";
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Installs the peers if needed and returns their `node_modules` folder.
 * Throws with npm's output when the install fails.
 */
export function ensureMcpPeers(): string {
  const dir = peersDir();
  const ready = join(dir, ".ready");
  const modules = join(dir, "node_modules");
  if (existsSync(ready)) return modules;
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, ".lock");
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(ready)) return modules;
      // A lock older than the install budget was left by a killed run.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmSync(lock, { recursive: true });
      } catch { /* raced with its owner */ }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      sleep(200);
    }
  }
  try {
    if (existsSync(ready)) return modules;
    writeFileSync(join(dir, "package.json"), MANIFEST);
    const npm = spawnSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
      { cwd: dir, encoding: "utf8", shell: process.platform === "win32" },
    );
    if (npm.status !== 0) {
      throw new Error(`npm install of the MCP test peers failed in ${dir}:\n${npm.stderr}`);
    }
    writeFileSync(ready, new Date().toISOString());
    return modules;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The argv that starts server-everything over stdio. */
export function serverEverythingCommand(): [string, ...string[]] {
  const modules = ensureMcpPeers();
  return [
    nodeExecutable(),
    join(modules, "@modelcontextprotocol/server-everything/dist/index.js"),
    "stdio",
  ];
}
