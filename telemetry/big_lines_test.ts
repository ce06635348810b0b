import { test } from "node:test";
import assert from "node:assert/strict";
import { BigLines } from "./big_lines.ts";
import { BIG_LINE_BYTES, DeferredMeasure } from "./line_peek.ts";
import type { ArenaRegion } from "./line_arena.ts";
import type { LinePart, Measured } from "./measure.ts";
import { inProcessCounter } from "./token_counter.ts";

/** A counter whose line measurements wait until the test answers them. */
function heldCounter() {
  const counter = inProcessCounter(() => Promise.reject(new Error("unused")));
  const asked: Array<{ part: LinePart; answer: (m: Measured) => void }> = [];
  let prefaults = 0;
  counter.measureLine = (_region: ArenaRegion, part: LinePart) =>
    new Promise<Measured>((answer) => asked.push({ part, answer }));
  counter.prefaultArena = () => void prefaults++;
  return { counter, asked, prefaults: () => prefaults };
}

function budget(admit = true) {
  const log: string[] = [];
  return {
    log,
    admit: (size: number) => (log.push(`admit ${size}`), admit),
    release: (size: number) => void log.push(`release ${size}`),
  };
}

/** A big line holding `message`, split into the arena the way the line splitter would. */
function line(big: BigLines, message: unknown): Uint8Array {
  const text = JSON.stringify({ ...(message as object), pad: "é".repeat(BIG_LINE_BYTES) });
  const bytes = new TextEncoder().encode(text);
  const held = big.alloc(bytes.length);
  held.set(bytes);
  return held;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("only big lines go to the arena, and its pages are touched once", () => {
  const { counter, prefaults } = heldCounter();
  const big = new BigLines(counter, budget());
  assert.equal(big.holds(big.alloc(BIG_LINE_BYTES - 1)), false);
  assert.equal(big.holds(big.alloc(BIG_LINE_BYTES)), true);
  assert.equal(big.holds(big.alloc(BIG_LINE_BYTES)), true);
  assert.equal(prefaults(), 1);
  const none = new BigLines(inProcessCounter(undefined, 0), budget());
  assert.equal(none.holds(none.alloc(BIG_LINE_BYTES)), false);
});

test("a call's arguments are measured from the line, which is held until the answer", async () => {
  const { counter, asked } = heldCounter();
  const b = budget();
  const big = new BigLines(counter, b);
  const bytes = line(big, { id: 1, method: "tools/call", params: { name: "echo", arguments: {} } });
  const seen: unknown[] = [];
  assert.equal(big.observe("client", bytes, (_from, m) => seen.push(m)), true);
  const params = (seen[0] as { params: { name: string; arguments: unknown } }).params;
  assert.equal(params.name, "echo");
  assert.ok(params.arguments instanceof DeferredMeasure);
  assert.deepEqual(asked.map((a) => a.part), ["arguments"]);
  assert.equal(counter.arena!.used, bytes.length, "held while measured");
  asked[0].answer({ tokens: 7, quality: "exact" });
  assert.deepEqual(await params.arguments.promise, { tokens: 7, quality: "exact" });
  assert.equal(counter.arena!.used, 0);
  assert.deepEqual(b.log, [`admit ${bytes.length}`, `release ${bytes.length}`]);
});

test("a result claimed while observed is held until measured; an unclaimed one is freed", async () => {
  const { counter, asked } = heldCounter();
  const big = new BigLines(counter, budget());
  const unclaimed = line(big, { id: 3, result: { content: [] } });
  big.observe("server", unclaimed, () => {});
  assert.equal(counter.arena!.used, 0);
  let claimed: DeferredMeasure | undefined;
  const bytes = line(big, { id: 2, result: { isError: true, content: [] } });
  big.observe("server", bytes, (_from, m) => {
    const result = (m as { result: { isError: boolean } }).result;
    assert.equal(result.isError, true);
    claimed = big.claimResult(result);
  });
  assert.ok(claimed);
  assert.equal(big.claimResult({ isError: true }), undefined, "a small result has no line");
  assert.equal(counter.arena!.used, bytes.length);
  asked[0].answer({ tokens: 5, quality: "exact" });
  await settle();
  assert.equal(counter.arena!.used, 0);
});

test("a line that is not JSON is freed and reported; a refused budget estimates at once", async () => {
  const { counter, asked } = heldCounter();
  const b = budget(false);
  const big = new BigLines(counter, b);
  const bad = big.alloc(BIG_LINE_BYTES);
  bad.fill(0x7b);
  assert.equal(big.observe("server", bad, () => assert.fail("not observed")), false);
  assert.equal(counter.arena!.used, 0);
  const bytes = line(big, { id: 1, method: "tools/call", params: { arguments: { a: 1 } } });
  let args: unknown;
  big.observe("client", bytes, (_from, m) => (args = (m as { params: { arguments: unknown } })
    .params.arguments));
  assert.equal(asked.length, 0, "nothing sent to the tokenizer");
  const measured = await (args as DeferredMeasure).promise;
  assert.equal(measured.quality, "heuristic");
  assert.equal(counter.arena!.used, 0);
  assert.deepEqual(b.log, [`admit ${bytes.length}`], "nothing to release");
});
