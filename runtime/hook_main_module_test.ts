import { after, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hookEntry, splitEntryArgs } from "./hook_main.ts";

const dir = mkdtempSync(join(tmpdir(), "ac-hook-module-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const MODULE = join(dir, "_agent_connector_entry.mjs");
// A packaged entry: a plain config (the bundled defineConnector returns it as written) and its identity.
writeFileSync(
  MODULE,
  `export default { hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "packaged" }) } } };
export const identity = { id: "acme-pkg", displayName: "Acme", version: "1.0.0" };
`,
);
const STDIN = JSON.stringify({
  session_id: "s1",
  cwd: dir,
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
});

/** Runs the entry in-process with an empty data root: nothing is installed. */
async function entry(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await hookEntry(args, {
    readStdin: () => Promise.resolve(STDIN),
    out: (t) => Promise.resolve(void (stdout += t)),
    err: (t) => Promise.resolve(void (stderr += t)),
    readText: () => undefined,
    env: {
      AGENT_CONNECTOR_DATA_DIR: join(dir, "nothing-installed"),
      AGENT_CONNECTOR_TELEMETRY: "0",
    },
    home: dir,
    sep: "/",
  });
  return { code, stdout, stderr };
}

test("--module and --module= are read beside --connector; other flags are still ignored", () => {
  assert.deepEqual(
    splitEntryArgs(["claude-code", "Stop", "--connector", "a", "--module", "/m.mjs"]),
    {
      positionals: ["claude-code", "Stop"],
      connector: "a",
      module: "/m.mjs",
    },
  );
  assert.equal(splitEntryArgs(["x", "--module=/n.mjs", "--later"]).module, "/n.mjs");
});

test("a hook with --module runs the module's handler with no record on disk", async () => {
  const run = await entry([
    "claude-code",
    "PreToolUse",
    "--connector",
    "acme-pkg",
    "--module",
    MODULE,
  ]);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /"permissionDecision":"deny"/);
  assert.match(run.stdout, /packaged/);
});

test("a --module whose connector is another id replies nothing (fail-open)", async () => {
  const run = await entry([
    "claude-code",
    "PreToolUse",
    "--connector",
    "other",
    "--module",
    MODULE,
  ]);
  assert.deepEqual(run, { code: 0, stdout: "", stderr: "" });
});

test("a --module that does not exist replies nothing (fail-open)", async () => {
  const run = await entry([
    "claude-code",
    "PreToolUse",
    "--connector",
    "acme-pkg",
    "--module",
    join(dir, "gone.mjs"),
  ]);
  assert.deepEqual(run, { code: 0, stdout: "", stderr: "" });
});
