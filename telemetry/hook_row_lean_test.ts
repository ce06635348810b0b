import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { leanIo } from "../edge/lean_io.ts";
import { appendHookRow } from "./hook_row.ts";
import { appendHookRowLean, type HookRowInput } from "./hook_row_lean.ts";
import { openNdjsonStore } from "./store_ndjson.ts";
import { runProcess } from "../tests/_helpers/runtime.ts";

let tmp: string;
beforeEach(() => void (tmp = mkdtempSync(join(tmpdir(), "ac-hookrow-lean-"))));
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const now = new Date("2026-11-30T23:59:59.500Z");

function dispatch(over: Partial<HookRowInput> = {}): Omit<HookRowInput, "dataRoot"> {
  return {
    env: {},
    connectorId: "acme",
    hostPlatform: "claude-code",
    event: "PreToolUse",
    sessionId: "sess-1",
    injectedText: 'context 日本語 {"a":1}',
    isError: false,
    now,
    ...over,
  };
}

function dayFile(root: string): string {
  return join(root, "telemetry", "events", "2026-11-30.ndjson");
}

test("the lean append writes byte for byte the line the store writes for the same dispatch", async () => {
  const io = await leanIo();
  const repo = join(tmp, "repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  writeFileSync(
    join(repo, ".git", "config"),
    '[remote "origin"]\n\turl = git@github.com:acme/db.git\n',
  );
  mkdirSync(join(repo, "src"));
  mkdirSync(join(tmp, "plain"));
  const cases: Array<Partial<HookRowInput>> = [
    { projectDir: join(repo, "src") },
    { projectDir: join(tmp, "plain"), isError: true, injectedText: "" },
    { projectDir: undefined, hostPlatform: "", event: "Stop" },
  ];
  for (const [i, over] of cases.entries()) {
    const store = join(tmp, `store-${i}`);
    const lean = join(tmp, `lean-${i}`);
    const a = appendHookRow({ dataRoot: store, ...dispatch(over) });
    const b = appendHookRowLean({ dataRoot: lean, ...dispatch(over) }, io);
    assert.ok(a && b, `case ${i}`);
    assert.deepEqual(b, a, `case ${i}`);
    assert.equal(readFileSync(dayFile(lean), "utf8"), readFileSync(dayFile(store), "utf8"));
    // The store reads the lean row back as its own.
    assert.deepEqual([...openNdjsonStore(join(lean, "telemetry")).rows()], [a]);
  }
  assert.match(
    appendHookRowLean({ dataRoot: tmp, ...dispatch(cases[0]) }, io)!.projectKey,
    /^git:/,
  );
});

test("the lean append is off with AGENT_CONNECTOR_TELEMETRY=0 or a record that turns it off", async () => {
  const io = await leanIo();
  const off = { AGENT_CONNECTOR_TELEMETRY: "off" };
  assert.equal(appendHookRowLean({ dataRoot: tmp, ...dispatch({ env: off }) }, io), undefined);
  assert.equal(appendHookRowLean({ dataRoot: tmp, ...dispatch() }, io, false), undefined);
  assert.equal(existsSync(join(tmp, "telemetry")), false);
  assert.ok(
    appendHookRowLean(
      { dataRoot: tmp, ...dispatch({ env: { AGENT_CONNECTOR_TELEMETRY: "1" } }) },
      io,
    ),
  );
});

test("the lean append appends to an existing day file and fails open on an unwritable root", async () => {
  const io = await leanIo();
  appendHookRowLean({ dataRoot: tmp, ...dispatch() }, io);
  appendHookRowLean({ dataRoot: tmp, ...dispatch({ sessionId: "sess-2" }) }, io);
  const rows = [...openNdjsonStore(join(tmp, "telemetry")).rows()];
  assert.deepEqual(rows.map((r) => r.sessionId), ["sess-1", "sess-2"]);
  assert.equal(appendHookRowLean({ dataRoot: "/dev/null/x", ...dispatch() }, io), undefined);
});

test("hook processes appending at once leave only whole lines", async () => {
  const script = join(tmp, "writer.ts");
  const lean = pathToFileURL(join(import.meta.dirname!, "hook_row_lean.ts")).href;
  const info = pathToFileURL(join(import.meta.dirname!, "..", "edge", "lean_io.ts")).href;
  writeFileSync(
    script,
    `import { appendHookRowLean } from ${JSON.stringify(lean)};
import { leanIo } from ${JSON.stringify(info)};
import process from "node:process";
const io = await leanIo();
const [root, who] = process.argv.slice(2);
for (let i = 0; i < 200; i++) {
  appendHookRowLean({ dataRoot: root, env: {}, connectorId: "c", hostPlatform: "codex",
    event: "Stop", sessionId: who + "-" + i, injectedText: who.repeat(900),
    now: new Date("2026-11-30T12:00:00Z") }, io);
}
`,
  );
  const writers = ["a", "b", "c", "d"];
  const runs = await Promise.all(
    writers.map((w) => runProcess([process.execPath, "run", "-A", script, tmp, w])),
  );
  for (const r of runs) assert.equal(r.code, 0, r.stderr);
  const lines = readFileSync(dayFile(tmp), "utf8").split("\n");
  assert.equal(lines.pop(), "");
  assert.equal(lines.length, 800);
  for (const line of lines) {
    const row = JSON.parse(line);
    assert.equal(row.outputTokens, 225);
  }
});
