import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../../usage/scan.ts";
import { buckets, hostAt, sum, tempCopy } from "../../tests/_helpers/usage.ts";

function chat(lines: object[]): string {
  return lines.map((l) => JSON.stringify(l)).join("\r\n") + "\r\n";
}

test("Qwen Code chats count usageMetadata per assistant line, once per uuid, cache out of input", async () => {
  const { dir, done } = tempCopy();
  try {
    const chats = join(dir, "q", "projects", "-home-me-app", "chats");
    mkdirSync(chats, { recursive: true });
    const usage = {
      promptTokenCount: 1000,
      candidatesTokenCount: 50,
      cachedContentTokenCount: 400,
      thoughtsTokenCount: 20,
      totalTokenCount: 1070,
    };
    const a = {
      uuid: "a1",
      type: "assistant",
      sessionId: "qs",
      timestamp: "2026-02-01T00:00:00Z",
      model: "qwen3-coder",
      usageMetadata: usage,
    };
    writeFileSync(
      join(chats, "qs.jsonl"),
      chat([
        {
          uuid: "u1",
          type: "user",
          sessionId: "qs",
          message: { parts: [{ text: "usageMetadata" }] },
        },
        a,
        a, // written twice: one request
        {
          uuid: "a2",
          type: "assistant",
          sessionId: "qs",
          timestamp: "2026-02-01T00:01:00Z",
          usageMetadata: { totalTokenCount: 321 },
        },
      ]),
    );
    // Not a chat file: ignored.
    writeFileSync(join(dir, "q", "projects", "-home-me-app", "other.jsonl"), chat([a]));
    const { records } = await scanUsage({
      machine: hostAt("/nonexistent", { QWEN_DATA_DIR: join(dir, "q") }),
      platforms: ["qwen-code"],
      cache: false,
    });
    assert.deepEqual(buckets(records), [600, 400, 0, 70 + 321]);
    assert.equal(sum(records).reasoning, 20);
    assert.deepEqual(records.map((r) => r.projectKey), ["-home-me-app", "-home-me-app"]);
  } finally {
    done();
  }
});

test("QWEN_RUNTIME_DIR, else QWEN_HOME, moves the chats as Qwen's Storage.getRuntimeBaseDir does", async () => {
  const { dir, done } = tempCopy();
  try {
    const line = {
      uuid: "r1",
      type: "assistant",
      sessionId: "rs",
      timestamp: "2026-02-01T00:00:00Z",
      model: "qwen3-coder",
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 2 },
    };
    for (const root of ["runtime", "qhome"]) {
      const chats = join(dir, root, "projects", "-p", "chats");
      mkdirSync(chats, { recursive: true });
      writeFileSync(join(chats, "s.jsonl"), chat([{ ...line, uuid: root, sessionId: root }]));
    }
    const scan = async (env: Record<string, string>) =>
      (await scanUsage({ machine: hostAt(dir, env), platforms: ["qwen-code"], cache: false }))
        .records.map((r) => r.sessionId + ":" + r.tokens.input);
    // Relative values are taken from the working folder (hostAt's cwd is the home here).
    assert.deepEqual(await scan({ QWEN_RUNTIME_DIR: "runtime", QWEN_HOME: "qhome" }), [
      "runtime:10",
    ]);
    assert.deepEqual(await scan({ QWEN_HOME: join(dir, "qhome") }), ["qhome:10"]);
    assert.equal((await scan({})).length, 0, "~/.qwen holds nothing here");
  } finally {
    done();
  }
});

/** A `qwen-code.api_response` telemetry line as Qwen Code 0.15.10 writes it (trimmed). */
function apiResponse(uuid: string, responseId: string, counts: number[]) {
  const [input, output, cached] = counts;
  return {
    uuid,
    parentUuid: null,
    sessionId: "qs2",
    timestamp: "2026-12-07T19:12:42.950Z",
    type: "system",
    version: "0.15.10",
    subtype: "ui_telemetry",
    systemPayload: {
      uiEvent: {
        "event.name": "qwen-code.api_response",
        response_id: responseId,
        model: "mock-model",
        status_code: 200,
        input_token_count: input,
        output_token_count: output,
        cached_content_token_count: cached,
        thoughts_token_count: 0,
        total_token_count: input + output,
      },
    },
  };
}

test("Qwen Code 0.15.10: each api_response is one request, its assistant line is not counted again", async () => {
  const { dir, done } = tempCopy();
  try {
    const chats = join(dir, ".qwen", "projects", "-tmp-project", "chats");
    mkdirSync(chats, { recursive: true });
    writeFileSync(
      join(chats, "qs2.jsonl"),
      chat([
        apiResponse("t1", "chatcmpl-lab3", [4567, 89, 1092]),
        {
          uuid: "a1",
          parentUuid: "t1",
          sessionId: "qs2",
          timestamp: "2026-12-07T19:12:43.003Z",
          type: "assistant",
          model: "mock-model",
          usageMetadata: {
            promptTokenCount: 4567,
            candidatesTokenCount: 89,
            cachedContentTokenCount: 1092,
            totalTokenCount: 4656,
          },
        },
        // The memory-extraction subagent's response: telemetry only.
        apiResponse("t2", "chatcmpl-lab4", [5678, 100, 1193]),
      ]),
    );
    const { records, problems } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["qwen-code"],
      cache: false,
    });
    assert.deepEqual(problems, []);
    assert.equal(records.length, 2);
    assert.deepEqual(buckets(records), [(4567 - 1092) + (5678 - 1193), 1092 + 1193, 0, 89 + 100]);
    assert.ok(records.every((r) => r.sessionId === "qs2" && r.modelId === "mock-model"));
  } finally {
    done();
  }
});
