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
import fc from "fast-check";
import type { LedgerRead } from "./drop_ledger.ts";
import { BYTES_PER_TOKEN } from "./lost_line.ts";
import type { Sender } from "./session_observer.ts";

const MIB = 1024 * 1024;
const enc = (m: unknown) => new TextEncoder().encode(JSON.stringify(m) + "\n");
const call = (id: number, name: string, args: unknown) =>
  enc({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
const answer = (id: number, text: string) =>
  enc({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } });

function setup(ringBytes = RING_BYTES) {
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
  const memory = createRing(ringBytes);
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
  // The call whose answer was cut has one row, estimated from the answer's size.
  assert.deepEqual(
    rows.filter((r) => r.toolName === "big").map((r) => [r.isError, r.confidenceSource]),
    [[false, "heuristic"]],
  );
  const [bigRow] = rows.filter((r) => r.toolName === "big");
  assert.equal(bigRow.outputTokens, Math.ceil((big.length - 1) / BYTES_PER_TOKEN));
});

test("any chunking, interleaving and overflow of a session leaves every answered call one row", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ args: fc.nat(30_000), result: fc.nat(30_000) }), {
        minLength: 1,
        maxLength: 12,
      }),
      fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 20 }),
      fc.array(fc.nat(12), { minLength: 1, maxLength: 20 }),
      fc.constantFrom(0, 1, 2),
      async (calls, cuts, takes, idOrder) => {
        const { rows, recorder, writer, reader } = setup(64 * 1024);
        const gaps: Array<LedgerRead | undefined> = [];
        const sink = {
          push: (from: Sender, bytes: Uint8Array) => recorder.push(from, bytes),
          gap: (sides: readonly Sender[], ledger?: LedgerRead) => {
            gaps.push(ledger);
            recorder.gap(sides, ledger);
          },
        };
        let step = 0;
        /** Writes `bytes` in chunks of the sizes `cuts` cycles through, taking now and then. */
        const send = (tag: 0 | 1, bytes: Uint8Array) => {
          for (let at = 0; at < bytes.length;) {
            const n = cuts[step % cuts.length];
            writer.write(tag, bytes.subarray(at, at + n));
            at += n;
            if (takes[step++ % takes.length] === 0) feedRing(reader, sink);
          }
        };
        for (const [i, c] of calls.entries()) {
          const id = i + 1;
          const args = { text: "a".repeat(c.args) };
          // The SDK's key order (id last), the spec's (id first), and a string id.
          send(
            0,
            idOrder === 0
              ? enc({ method: "tools/call", params: { name: `t${id}`, arguments: args }, id })
              : idOrder === 1
              ? call(id, `t${id}`, args)
              : enc({
                jsonrpc: "2.0",
                id: `r-${id}`,
                method: "tools/call",
                params: { name: `t${id}`, arguments: args },
              }),
          );
          const text = "b".repeat(c.result);
          send(
            1,
            idOrder === 0
              ? enc({ result: { content: [{ type: "text", text }] }, jsonrpc: "2.0", id })
              : idOrder === 1
              ? answer(id, text)
              : enc({
                jsonrpc: "2.0",
                id: `r-${id}`,
                result: { content: [{ type: "text", text }] },
              }),
          );
        }
        feedRing(reader, sink);
        assert.ok(writer.flushGap());
        feedRing(reader, sink);
        await recorder.finish(Date.now() + 5_000);
        // Where a ledger ran out of room, rows may be missing; never twice one.
        const complete = gaps.every((g) => g && g.incomplete === 0);
        const names = rows.filter((r) => r.scope === "call").map((r) => r.toolName).sort();
        const expected = calls.map((_, i) => `t${i + 1}`).sort();
        if (complete) assert.deepEqual(names, expected);
        else assert.equal(new Set(names).size, names.length);
        assert.ok(rows.every((r) => !r.isError));
      },
    ),
    { numRuns: 200, endOnFailure: true },
  );
});
