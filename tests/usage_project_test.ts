import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, tempCopy } from "./_helpers/usage.ts";
import { reader as claude } from "../adapters/claude_code/usage.ts";
import type { ReaderRecord } from "../usage/reader.ts";
import { scanUsage } from "../usage/scan.ts";

const jsonl = (...lines: object[]) => lines.map((l) => JSON.stringify(l) + "\n").join("");

const claudeLine = (id: string, output: number, cwd?: string) => ({
  type: "assistant",
  sessionId: "cl-1",
  timestamp: "2026-01-01T00:00:00Z",
  requestId: `req-${id}`,
  ...(cwd === undefined ? {} : { cwd }),
  message: { id, model: "claude-x", usage: { input_tokens: 10, output_tokens: output } },
});

/** One folder, /u/me/work, worked in with Claude Code, Codex and pi. */
function writeLogs(home: string): void {
  const claudeDir = join(home, ".claude", "projects", "-u-me-work");
  mkdirSync(join(claudeDir, "cl-1", "subagents"), { recursive: true });
  // The first line has no cwd: it takes the file's, logged on a later line (with a slash).
  writeFileSync(
    join(claudeDir, "cl-1.jsonl"),
    jsonl(claudeLine("m1", 1), claudeLine("m2", 2, "/u/me/work/")),
  );
  // A file that logs no cwd at all: the decoded folder name.
  writeFileSync(join(claudeDir, "cl-1", "subagents", "agent-a.jsonl"), jsonl(claudeLine("m3", 4)));
  const codexDir = join(home, ".codex", "sessions", "2026", "01", "01");
  mkdirSync(codexDir, { recursive: true });
  writeFileSync(
    join(codexDir, "rollout-2026-01-01T00-00-00-cx-1.jsonl"),
    jsonl(
      {
        timestamp: "2026-01-01T00:00:00Z",
        type: "session_meta",
        payload: { id: "cx-1", cwd: "/u/me/work" },
      },
      { timestamp: "2026-01-01T00:00:00Z", type: "turn_context", payload: { model: "gpt-x" } },
      {
        timestamp: "2026-01-01T00:00:01Z",
        type: "event_msg",
        payload: {
          type: "token_count",
          info: { total_token_usage: { input_tokens: 100, output_tokens: 8 } },
        },
      },
    ),
  );
  const piDir = join(home, ".pi", "agent", "sessions", "--u-me-work--");
  mkdirSync(piDir, { recursive: true });
  writeFileSync(
    join(piDir, "2026-01-01T00-00-00-000Z_pi-1.jsonl"),
    jsonl(
      { type: "session", id: "pi-1", timestamp: "2026-01-01T00:00:00Z", cwd: "/u/me/work" },
      {
        type: "message",
        id: "e1",
        timestamp: "2026-01-01T00:00:02Z",
        message: { role: "assistant", model: "m", usage: { input: 1000, output: 16 } },
      },
    ),
  );
}

/** Sets everything under `dir` an hour back, so kept listings of it are replayed. */
function settleTree(dir: string): void {
  const old = new Date(Date.now() - 3_600_000);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) settleTree(join(dir, e.name));
    else utimesSync(join(dir, e.name), old, old);
  }
  utimesSync(dir, old, old);
}

interface Row {
  key: string;
  requests: number;
  input: number;
  output: number;
}

async function byProject(home: string, env: Record<string, string>): Promise<Row[]> {
  const run = await runCliCaptured(
    ["usage", "report", "--by", "project", "--json"],
    hostAt(home, env),
  );
  assert.equal(run.code, 0, run.stderr);
  return JSON.parse(run.stdout).rows;
}

test("one folder worked in with Claude Code, Codex and pi is one project row", async () => {
  const { dir, done } = tempCopy();
  try {
    writeLogs(dir);
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") };
    for (let run = 0; run < 2; run++) {
      const rows = await byProject(dir, env);
      assert.deepEqual(
        rows.map((r) => [r.key, r.requests, r.input, r.output]),
        [["/u/me/work", 5, 10 + 10 + 10 + 100 + 1000, 1 + 2 + 4 + 8 + 16]],
      );
    }
  } finally {
    done();
  }
});

test("a cache kept under the folder-name keys is read again, not merged with the new keys", async () => {
  const { dir, done } = tempCopy();
  const open = claude.jsonl!.open;
  const version = claude.version;
  const jsonlSpec = claude.jsonl as { open: typeof open };
  const mutable = claude as { version: number };
  try {
    writeLogs(dir);
    settleTree(dir);
    // One thread: the report runs here, with the reader patched below.
    const env = { AGENT_CONNECTOR_DATA_DIR: join(dir, "data"), AGENT_CONNECTOR_USAGE_THREADS: "1" };
    const rows = async () => (await byProject(dir, env)).map((r) => [r.key, r.requests, r.output]);
    // The Claude Code reader as it was: version 1, the project folder's name as the key.
    mutable.version = 1;
    jsonlSpec.open = (sink, saved) =>
      open({
        ...sink,
        source: sink.source,
        emit: (r: ReaderRecord) => sink.emit({ ...r, projectKey: "-u-me-work" }),
      }, saved);
    assert.deepEqual(await rows(), [["/u/me/work", 2, 24], ["-u-me-work", 3, 7]]);
    mutable.version = version;
    jsonlSpec.open = open;
    assert.deepEqual(await rows(), [["/u/me/work", 5, 31]]);
    const { records } = await scanUsage({ machine: hostAt(dir, env), cache: true });
    assert.deepEqual([...new Set(records.map((r) => r.projectKey))], ["/u/me/work"]);
  } finally {
    mutable.version = version;
    jsonlSpec.open = open;
    done();
  }
});
