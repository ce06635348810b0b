import { test } from "node:test";
import assert from "node:assert/strict";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { SessionRecorder } from "./recorder.ts";
import type { TelemetryRow } from "./rows.ts";
import type { TelemetryStore } from "./store.ts";
import { inProcessCounter, type TokenCounter } from "./token_counter.ts";
import { loadO200k } from "./tokenizer.ts";

function memoryStore(): TelemetryStore & { written: TelemetryRow[] } {
  const written: TelemetryRow[] = [];
  return {
    kind: "ndjson",
    written,
    append: (rows) => void written.push(...rows),
    // A revision replaces its provisional row where it was written.
    revise: (revisions) => {
      for (const { was, row } of revisions) {
        const at = written.findIndex((r) => r.rowId === was.rowId);
        const { rowId: _id, ...final } = row;
        if (at !== -1) written[at] = final;
      }
    },
    rows: () => written,
    groups: () => [],
    close() {},
  };
}

function recorder(store: TelemetryStore, counter: TokenCounter) {
  return new SessionRecorder({
    connectorId: "acme",
    sessionId: "s",
    projectKey: "git:x",
    settings: { modelFamilyHint: "auto", measureToolDefs: true },
  }, { store, counter, quietMs: 0, now: () => new Date("2026-11-01T10:00:00.000Z") });
}

const count = (t: string) => countTokens(t, { disallowedSpecial: new Set() });
const enc = (m: unknown) => new TextEncoder().encode(JSON.stringify(m) + "\n");
// About 300 KB: unicode of every UTF-8 length, escapes, and quotes inside the text.
const prose = 'Über naïve café — 日本語 😀 "quoted" back\\slash\ttab\n'.repeat(5000);

/** Feeds a session with big lines in 64 KiB chunks, as serve's ring delivers them. */
async function session(counter: TokenCounter): Promise<TelemetryRow[]> {
  const store = memoryStore();
  const r = recorder(store, counter);
  const feed = (from: "client" | "server", bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length; at += 65_536) r.push(from, bytes.subarray(at, at + 65_536));
  };
  feed(
    "client",
    enc({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { clientInfo: { name: "codex-mcp-client", version: "1" } },
    }),
  );
  feed(
    "client",
    enc({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "echo", arguments: { message: prose, n: 3 } },
    }),
  );
  feed(
    "client",
    enc({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { arguments: { message: prose }, name: "fail" },
    }),
  );
  // A big notification and a big answer to a request nobody tracks: no rows, memory freed.
  feed("server", enc({ jsonrpc: "2.0", method: "notifications/message", params: { data: prose } }));
  feed(
    "server",
    enc({
      jsonrpc: "2.0",
      id: 2,
      result: { isError: true, content: [{ type: "text", text: prose }] },
    }),
  );
  feed(
    "server",
    enc({
      jsonrpc: "2.0",
      id: 1,
      result: {
        content: [{ type: "text", text: prose }, { type: "text", text: "end" }],
        structuredContent: { text: prose },
      },
    }),
  );
  feed("client", enc({ jsonrpc: "2.0", id: 9, result: { text: prose } }));
  await r.idle();
  return store.written;
}

test("big lines are measured from their bytes in the arena, with the same tokens as parsing them", async () => {
  const counter = inProcessCounter();
  const measureLine = counter.measureLine!;
  const measured: string[] = [];
  counter.measureLine = (region, part) => {
    measured.push(part);
    return measureLine(region, part);
  };
  const rows = await session(counter);
  assert.deepEqual(measured, ["arguments", "arguments", "response", "response"]);
  const args1 = JSON.stringify({ message: prose, n: 3 });
  const args2 = JSON.stringify({ message: prose });
  assert.deepEqual(
    rows.map((x) => [x.toolName, x.inputTokens, x.outputTokens, x.isError, x.confidenceSource]),
    [
      ["fail", count(args2), count(prose), true, "tokenizer-exact"],
      [
        "echo",
        count(args1),
        count(prose) + count("end") + count(JSON.stringify({ text: prose })),
        false,
        "tokenizer-exact",
      ],
    ],
  );
  assert.equal(counter.arena!.used, 0, "every big line's region was freed");
  // Without an arena every line is parsed in place: the rows are the same.
  assert.deepEqual(await session(inProcessCounter(loadO200k, 0)), rows);
});

test("a big line that does not fit the arena is parsed in place with the same counts", async () => {
  const small = inProcessCounter(loadO200k, 400_000);
  const roomy = inProcessCounter();
  // Rows may be stored in another order (a provisional row goes first).
  const byTool = (rows: TelemetryRow[]) =>
    rows.sort((a, b) => a.toolName.localeCompare(b.toolName));
  assert.deepEqual(byTool(await session(small)), byTool(await session(roomy)));
  assert.equal(small.arena!.used, 0);
});

test("a big line whose tokenizer fails is estimated from the line, labeled heuristic", async () => {
  const failing = inProcessCounter(() => Promise.reject(new Error("no tokenizer")));
  const rows = await session(failing);
  assert.deepEqual(rows.map((x) => [x.toolName, x.confidenceSource]), [
    ["fail", "heuristic"],
    ["echo", "heuristic"],
  ]);
  assert.ok(rows.every((x) => x.inputTokens > 1000 && x.outputTokens > 1000));
  assert.equal(failing.arena!.used, 0);
});
