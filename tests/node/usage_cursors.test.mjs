// `agent-connector usage report` re-scans on Node through the kept cursors
// (usage/_cursors.ts): a second run with nothing new reads no log, rewrites
// nothing, and still counts an append. The kept state is the same for the
// Deno CLI: a user switching runtimes re-reads no log (AC_TEST_DENO and
// AC_TEST_REPO, set by scripts/test_node.ts, name the Deno and the checkout
// to run it from).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve(
  "node_modules",
  ".bin",
  process.platform === "win32" ? "agent-connector.cmd" : "agent-connector",
);

const line = (id, out) =>
  JSON.stringify({
    type: "assistant",
    sessionId: "s",
    timestamp: "2026-01-01T00:00:00Z",
    requestId: id,
    message: { id, model: "claude-sonnet-4-5", usage: { input_tokens: 10, output_tokens: out } },
  }) + "\n";

/** A home with Claude Code logs in two projects, every folder long untouched (settled). */
function setup() {
  const root = mkdtempSync(join(tmpdir(), "ac-node-memo-"));
  const home = join(root, "home");
  const projects = join(home, ".claude", "projects");
  const logs = [];
  for (const p of ["-a", "-b"]) {
    mkdirSync(join(projects, p, "s1", "subagents"), { recursive: true });
    const file = join(projects, p, `${p}.jsonl`);
    writeFileSync(file, line(`${p}1`, 1) + line(`${p}2`, 2));
    writeFileSync(join(projects, p, "s1", "subagents", "x.jsonl"), line(`${p}x`, 4));
    logs.push(file);
  }
  // Whole seconds: a Date holds whole ms, and `scramble` sets a log's mtime back exactly.
  const old = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
  for (const log of logs) utimesSync(log, old, old);
  for (
    const d of [
      home,
      join(home, ".claude"),
      projects,
      ...["-a", "-b"].flatMap((p) => [
        join(projects, p),
        join(projects, p, "s1"),
        join(projects, p, "s1", "subagents"),
      ]),
    ]
  ) utimesSync(d, old, old);
  const data = join(root, "data");
  return {
    root,
    home,
    data,
    logs,
    old,
    kept: join(data, "cache", "usage", "claude-code.cursors.bin"),
  };
}

/** Claude Code's [requests, output] from a report run by `argv` with `env`. */
function report(argv, env) {
  const run = spawnSync(argv[0], [...argv.slice(1), "usage", "report", "--json"], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    shell: process.platform === "win32",
  });
  assert.equal(run.status, 0, run.stderr);
  assert.doesNotMatch(run.stderr, /deprecat/i);
  const body = JSON.parse(run.stdout);
  assert.deepEqual(body.problems, []);
  const row = body.rows.find((r) => r.key === "claude-code");
  return [row.requests, row.output];
}

/**
 * Appends a request to a log and sets its mtime a second after the setup's:
 * the append is seen by its size, and no file or folder was touched within
 * the last seconds (a change that recent may be re-checked on the next run).
 */
function append(s, path, id, out) {
  appendFileSync(path, line(id, out));
  const later = new Date(s.old.getTime() + 1000);
  utimesSync(path, later, later);
}

/** The kept cursors' identity: inode and mtime (a rewrite renames a new file in). */
const stamp = (path) => {
  const st = statSync(path, { bigint: true });
  return `${st.ino}:${st.mtimeNs}`;
};

/**
 * Overwrites a log's bytes in place and sets its (whole-second) mtime back:
 * only a scan that reads it again sees it.
 */
function scramble(path) {
  const st = statSync(path);
  writeFileSync(path, "x".repeat(st.size));
  utimesSync(path, st.atime, st.mtime);
}

test("a usage re-scan on Node reuses its kept cursors and still counts an append", () => {
  const s = setup();
  try {
    const node = (env = {}) =>
      report([bin], { HOME: s.home, AGENT_CONNECTOR_DATA_DIR: s.data, ...env });
    assert.deepEqual(node(), [6, 14]);
    const kept = stamp(s.kept);
    scramble(s.logs[0]); // same size, mtime and inode: a re-scan trusts its kept state
    assert.deepEqual(node(), [6, 14]);
    assert.equal(stamp(s.kept), kept, "the kept cursors were written again");
    append(s, s.logs[1], "-b3", 8);
    assert.deepEqual(node(), [7, 22]);
    const grown = stamp(s.kept);
    assert.notEqual(grown, kept); // the appended log's new size is kept
    // Under `--pending-deprecation` nothing is printed (no deprecated API is used) and
    // nothing is read afresh.
    assert.deepEqual(node({ NODE_OPTIONS: "--pending-deprecation" }), [7, 22]);
    assert.equal(stamp(s.kept), grown);
    assert.ok(readFileSync(s.kept).length > 0);
  } finally {
    rmSync(s.root, { recursive: true, force: true });
  }
});

const deno = process.env.AC_TEST_DENO;
const repo = process.env.AC_TEST_REPO;

test("the Deno CLI and the npm build on Node share the kept state: a switch re-reads no log", {
  skip: deno && repo ? false : "AC_TEST_DENO and AC_TEST_REPO are not set",
}, () => {
  const s = setup();
  try {
    const env = { HOME: s.home, AGENT_CONNECTOR_DATA_DIR: s.data };
    const denoEnv = { ...env, DENO_DIR: process.env.AC_TEST_DENO_DIR ?? "" };
    const onDeno = () =>
      report([deno, "run", "-A", "--quiet", join(repo, "cli", "main.ts")], denoEnv);
    const onNode = () => report([bin], env);
    assert.deepEqual(onDeno(), [6, 14]);
    const kept = stamp(s.kept);
    scramble(s.logs[0]);
    assert.deepEqual(onNode(), [6, 14]);
    assert.equal(stamp(s.kept), kept, "Node read again what Deno kept");
    append(s, s.logs[1], "-b3", 8);
    assert.deepEqual(onNode(), [7, 22]);
    const grown = stamp(s.kept);
    assert.deepEqual(onDeno(), [7, 22]);
    assert.equal(stamp(s.kept), grown, "Deno read again what Node kept");
  } finally {
    rmSync(s.root, { recursive: true, force: true });
  }
});
