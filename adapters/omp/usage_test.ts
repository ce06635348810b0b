import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

function session(dir: string, id: string, output: number): void {
  mkdirSync(dir, { recursive: true });
  const lines = [
    { type: "session", id, cwd: "/u/me/work", timestamp: "2026-01-01T00:00:00Z" },
    {
      type: "message",
      id: `${id}-e1`,
      timestamp: "2026-01-01T00:00:01Z",
      message: {
        role: "assistant",
        model: "m",
        usage: { input: 5, output, cacheRead: 7, cacheWrite: 0, cost: { total: 0.25 } },
      },
    },
  ];
  writeFileSync(join(dir, `${id}.jsonl`), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

test("omp sessions in its agent folder and in the XDG data folder are read in pi's format", async () => {
  const { dir, done } = tempCopy();
  try {
    session(join(dir, ".omp", "agent", "sessions", "--u-me-work--"), "o1", 2);
    session(join(dir, "xdg", "omp", "sessions", "--u-me-work--"), "o2", 4);
    // pi's own folder is pi's, not omp's.
    session(join(dir, ".pi", "agent", "sessions", "--u-me-work--"), "p1", 8);
    const machine = { ...hostAt(dir), env: { HOME: dir, XDG_DATA_HOME: join(dir, "xdg") } };
    const { records, problems } = await scanUsage({ machine, platforms: ["omp"], cache: false });
    assert.deepEqual(problems, []);
    assert.deepEqual(
      records.map((
        r,
      ) => [
        r.sessionId,
        r.projectKey,
        r.tokens.input,
        r.tokens.cacheRead,
        r.tokens.output,
        r.costUsd,
      ])
        .sort(),
      [["o1", "/u/me/work", 5, 7, 2, 0.25], ["o2", "/u/me/work", 5, 7, 4, 0.25]],
    );
  } finally {
    done();
  }
});
