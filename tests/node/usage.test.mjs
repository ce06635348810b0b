// `agent-connector usage` from the npm package on Node: the price table, the
// line scanner and the worker threads as a user's Node runs them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const bin = resolve(
  "node_modules",
  ".bin",
  process.platform === "win32" ? "agent-connector.cmd" : "agent-connector",
);

test("usage report counts streamed Claude Code lines once, on worker threads too", () => {
  const home = mkdtempSync(join(tmpdir(), "ac-node-usage-"));
  try {
    const dir = join(home, ".claude", "projects", "-home-me-app");
    mkdirSync(dir, { recursive: true });
    const line = (i, out) =>
      JSON.stringify({
        type: "assistant",
        sessionId: "s",
        timestamp: "2026-01-01T00:00:00Z",
        requestId: `r${i}`,
        message: {
          id: `m${i}`,
          model: "claude-sonnet-4-5",
          usage: { input_tokens: 10, output_tokens: out },
        },
      });
    for (let f = 0; f < 4; f++) {
      const lines = [];
      for (let i = 0; i < 50; i++) lines.push(line(f * 100 + i, 1), line(f * 100 + i, 5));
      writeFileSync(join(dir, `s${f}.jsonl`), lines.join("\n") + "\n");
    }
    for (const threads of ["1", "3"]) {
      const run = spawnSync(bin, ["usage", "report", "--json", "--no-cache"], {
        encoding: "utf8",
        env: { ...process.env, HOME: home, AGENT_CONNECTOR_USAGE_THREADS: threads },
        shell: process.platform === "win32",
      });
      assert.equal(run.status, 0, run.stderr);
      const row = JSON.parse(run.stdout).rows.find((r) => r.key === "claude-code");
      assert.deepEqual([row.requests, row.input, row.output], [200, 2000, 1000]);
      assert.ok(Math.abs(row.costUsd - (2000 * 3 + 1000 * 15) / 1e6) < 1e-9);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test(
  "usage report and export on a data root the file system refuses skip the cache with one warning instead of hanging",
  { skip: process.platform !== "linux" && "needs /proc" },
  () => {
    const home = mkdtempSync(join(tmpdir(), "ac-node-usage-"));
    try {
      const dir = join(home, ".claude", "projects", "-home-me-app");
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "s.jsonl"),
        JSON.stringify({
          type: "assistant",
          sessionId: "s",
          timestamp: "2026-01-01T00:00:00Z",
          requestId: "r1",
          message: { id: "m1", model: "m", usage: { input_tokens: 10, output_tokens: 5 } },
        }) + "\n",
      );
      // /proc takes no new folder: Node 20's recursive mkdirSync spun forever on it.
      const root = `/proc/ac-node-test-${process.pid}`;
      for (const [sub, ...flags] of [["report"], ["export", "--format", "csv"]]) {
        const run = spawnSync(bin, ["usage", sub, "--platform", "claude-code", ...flags], {
          encoding: "utf8",
          env: { ...process.env, HOME: home, AGENT_CONNECTOR_DATA_DIR: root },
          timeout: 60_000,
        });
        assert.equal(run.error, undefined, `usage ${sub} did not finish: ${run.error}`);
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout, sub === "report" ? /claude-code +1 +10/ : /claude-code/);
        assert.equal(
          run.stderr,
          `warning: usage cache skipped: cannot create the folder ${root}: its file system ` +
            "does not allow new folders there; every log is read in full (set " +
            "AGENT_CONNECTOR_DATA_DIR to a writable folder, or pass --no-cache)\n",
        );
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  },
);
