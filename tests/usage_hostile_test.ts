/**
 * Hostile logs (#27 item 7, #19 item 8): folder symlink loops must not
 * multiply what is counted nor run away, and a line with an absurd or
 * non-finite token count is dropped with a note — in a fresh read and in
 * every later read through the kept state.
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "./_helpers/usage.ts";

/** A Claude Code assistant line; `id` undefined logs neither message id nor request id. */
function claudeLine(id: string | undefined, input: number | string, output = 5): string {
  const usage = `{"input_tokens":${input},"output_tokens":${output}}`;
  const message = id === undefined
    ? `{"model":"claude-sonnet-4-5","usage":${usage}}`
    : `{"id":"${id}","model":"claude-sonnet-4-5","usage":${usage}}`;
  return `{"type":"assistant","sessionId":"s","cwd":"/w","timestamp":"2026-01-01T00:00:00Z",` +
    `"message":${message}}\n`;
}

test("folder symlink loops are walked once: every line counts once, nothing runs away", async () => {
  const { dir, done } = tempCopy();
  try {
    const project = join(dir, ".claude", "projects", "p");
    mkdirSync(project, { recursive: true });
    // Lines without a message id are keyed by file and offset: a file reached
    // by several paths would count once per path.
    writeFileSync(join(project, "s.jsonl"), claudeLine(undefined, 10) + claudeLine(undefined, 20));
    // Two sibling links back to the folder itself, and one to the projects root.
    symlinkSync(".", join(project, "loop-a"));
    symlinkSync(".", join(project, "loop-b"));
    symlinkSync("..", join(project, "up"));
    for (const cache of [false, true, true]) {
      const scan = await scanUsage({
        machine: hostAt(dir, { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") }),
        platforms: ["claude-code"],
        cache,
      });
      assert.equal(scan.records.length, 2, `cache ${cache}`);
      assert.deepEqual(buckets(scan.records), [30, 0, 0, 10]);
      assert.equal(scan.stats.sources, 1);
    }
  } finally {
    done();
  }
});

test("an absurd or non-finite token count drops its line with a note, also through the cache", async () => {
  const { dir, done } = tempCopy();
  try {
    const project = join(dir, ".claude", "projects", "p");
    mkdirSync(project, { recursive: true });
    const file = join(project, "s.jsonl");
    writeFileSync(
      file,
      claudeLine("m1", "1e308") + claudeLine("m2", 10) + claudeLine("m3", "1e400") +
        claudeLine("m4", 7, 1e15),
    );
    const host = hostAt(dir, { AGENT_CONNECTOR_DATA_DIR: join(dir, "data") });
    const scan = (cache: boolean) =>
      scanUsage({ machine: host, platforms: ["claude-code"], cache });
    for (const cache of [false, true, true]) {
      const s = await scan(cache);
      assert.deepEqual(buckets(s.records), [10, 0, 0, 5], `cache ${cache}`);
      const note = s.problems.find((p) => /token count/.test(p.message));
      assert.ok(note, `a note names the bad count (cache ${cache})`);
      assert.equal(note.count, 3);
      assert.equal(note.path, file);
    }
    // An append after the bad lines is read from the kept cursor, and counts.
    appendFileSync(file, claudeLine("m5", 100, 1));
    for (const cache of [true, false]) {
      const s = await scan(cache);
      assert.deepEqual(buckets(s.records), [110, 0, 0, 6], `cache ${cache}`);
    }
  } finally {
    done();
  }
});
