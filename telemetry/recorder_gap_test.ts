/**
 * A tool result larger than serve's ring while other calls are in flight:
 * the forwarding thread drops what does not fit and leaves a gap record
 * (telemetry/byte_ring.ts). Only what the gap touched may be forgotten —
 * every other call, answered before or after it, keeps its row. Driven
 * through a real ring of serve's size and the worker's own feed.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRing, RingReader, RingWriter } from "./byte_ring.ts";
import { feedRing } from "./ring_feed.ts";
import { SessionRecorder } from "./recorder.ts";
import type { TelemetryRow } from "./rows.ts";
import type { TelemetryStore } from "./store.ts";
import { inProcessCounter } from "./token_counter.ts";
import { RING_BYTES } from "../runtime/serve_telemetry.ts";

const MIB = 1024 * 1024;
const enc = (m: unknown) => new TextEncoder().encode(JSON.stringify(m) + "\n");
const call = (id: number, name: string, args: unknown) =>
  enc({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const answer = (id: number, text: string) =>
  enc({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } });

function setup() {
  const rows: TelemetryRow[] = [];
  const store: TelemetryStore = {
    kind: "ndjson",
    append: (batch) => void rows.push(...batch),
    revise: (revisions) => {
      for (const { was, row } of revisions) {
        rows[rows.findIndex((r) => r.rowId === was.rowId)] = row;
      }
    },
    rows: () => rows,
    groups: () => [],
    close() {},
  };
  const recorder = new SessionRecorder({
    connectorId: "acme",
    sessionId: "s",
    projectKey: "git:x",
    settings: { modelFamilyHint: "auto", measureToolDefs: true },
  }, {
    store,
    // Counting is not what this test is about: characters stand in for tokens.
    counter: inProcessCounter(() => Promise.resolve((text: string) => text.length)),
    quietMs: 0,
  });
  const memory = createRing(RING_BYTES);
  return { rows, recorder, writer: new RingWriter(memory), reader: new RingReader(memory) };
}

/** Writes `bytes` in 1 MiB chunks; returns how many chunks the ring refused. */
function writeChunks(writer: RingWriter, tag: 0 | 1, bytes: Uint8Array): number {
  let refused = 0;
  for (let at = 0; at < bytes.length; at += MIB) {
    if (!writer.write(tag, bytes.subarray(at, at + MIB))) refused++;
  }
  return refused;
}

test("a result over the ring's size loses no other call's row", async () => {
  const { rows, recorder, writer, reader } = setup();
  const big = answer(1, "y".repeat(RING_BYTES + 2 * MIB));
  const pending = Array.from({ length: 10 }, (_, i) => 2 + i);
  writer.write(0, call(1, "big", { bytes: big.length }));
  for (const id of pending) writer.write(0, call(id, "echo", { text: `call ${id}` }));
  // A request still being written by the client when the server's bytes are dropped.
  const late = call(12, "echo", { text: "sent across the gap" });
  writer.write(0, late.subarray(0, 20));
  feedRing(reader, recorder);

  // The server's bytes come faster than they are taken: the ring fills up.
  const head = big.subarray(0, RING_BYTES);
  assert.ok(writeChunks(writer, 1, head) > 0, "the ring refused part of the result");
  feedRing(reader, recorder);
  assert.equal(writeChunks(writer, 1, big.subarray(RING_BYTES)), 0);
  writer.write(0, late.subarray(20));
  for (const id of [...pending, 12]) writer.write(1, answer(id, `echo ${id}`));
  feedRing(reader, recorder);
  await recorder.finish(Date.now() + 5_000);

  const calls = rows.filter((r) => r.scope === "call" && r.toolName === "echo");
  assert.deepEqual(
    calls.map((r) => [r.isError, r.confidenceSource]),
    [...pending, 12].map(() => [false, "tokenizer-approx"]),
  );
  // The call whose answer was cut is not reported as unanswered.
  assert.equal(rows.filter((r) => r.toolName === "big" && r.isError).length, 0);
});
