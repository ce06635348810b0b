import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, tempCopy } from "../../tests/_helpers/usage.ts";

/** A meta.json as Vibe 2.18.4 writes it (session_logger.py save_interaction), trimmed. */
function meta(id: string, prompt: number, completion: number, extra: Record<string, unknown> = {}) {
  return JSON.stringify(
    {
      session_id: id,
      start_time: "2026-06-30T09:15:00.123456+00:00",
      end_time: "2026-06-30T09:20:00.000000+00:00",
      git_commit: null,
      git_branch: "main",
      environment: { working_directory: "/home/me/app" },
      username: "me",
      stats: {
        steps: 4,
        session_prompt_tokens: prompt,
        session_completion_tokens: completion,
        context_tokens: 900,
        last_turn_prompt_tokens: 800,
        last_turn_completion_tokens: 100,
      },
      title: "Fix the tests",
      total_messages: 6,
      config: {
        active_model: "devstral-2",
        models: [
          { name: "mistral-vibe-cli-latest", provider: "mistral", alias: "devstral-2" },
          { name: "devstral-small-latest", provider: "mistral", alias: "devstral-small" },
        ],
      },
      ...extra,
    },
    null,
    2,
  );
}

test("each Vibe session counts once from meta.json's running totals", async () => {
  const { dir, done } = tempCopy();
  try {
    const root = join(dir, ".vibe", "logs", "session");
    for (
      const [folder, id, p, c] of [
        ["session_20260630_091500_a1b2c3d4", "a1b2c3d4-0000", 3000, 400],
        ["session_20260630_101500_e5f6a7b8", "e5f6a7b8-0000", 1200, 100],
      ] as const
    ) {
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(join(root, folder, "meta.json"), meta(id, p, c));
      writeFileSync(join(root, folder, "messages.jsonl"), '{"role":"user","content":"hi"}\n');
    }
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["mistral-vibe"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [4200, 0, 0, 500]);
    const a = records.find((r) => r.sessionId === "a1b2c3d4-0000")!;
    assert.equal(a.modelId, "mistral-vibe-cli-latest");
    assert.equal(a.projectKey, "/home/me/app");
    assert.equal(a.ts, Date.parse("2026-06-30T09:15:00.123Z"));
  } finally {
    done();
  }
});

test("VIBE_HOME moves the session logs", async () => {
  const { dir, done } = tempCopy();
  try {
    const folder = join(dir, "vibe-home", "logs", "session", "session_x");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "meta.json"), meta("x-1", 10, 5));
    const { records } = await scanUsage({
      machine: hostAt(dir, { VIBE_HOME: join(dir, "vibe-home") }),
      platforms: ["mistral-vibe"],
      cache: false,
    });
    assert.deepEqual(buckets(records), [10, 0, 0, 5]);
  } finally {
    done();
  }
});
