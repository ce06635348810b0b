import { test } from "node:test";
import assert from "node:assert/strict";
import { QuietGate } from "./quiet_gate.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true when `p` settles within `ms`, false when it is still waiting. */
async function settlesWithin(p: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await sleep(ms);
  return done;
}

test("QuietGate lets work through once traffic has paused", async () => {
  const gate = new QuietGate(300, 60_000);
  gate.touch();
  const waited = gate.wait();
  assert.equal(await settlesWithin(waited, 20), false, "traffic just now: work waits");
  assert.equal(await settlesWithin(waited, 2_000), true, "after the pause: work goes on");
});

test("QuietGate lets work through during continuous traffic once it was put off long enough", async () => {
  const gate = new QuietGate(60_000, 100);
  gate.touch();
  const traffic = setInterval(() => gate.touch(), 10);
  try {
    assert.equal(await settlesWithin(gate.wait(), 2_000), true);
  } finally {
    clearInterval(traffic);
  }
});

test("QuietGate starts the longest deferral afresh after a pause, not from the work's first wait", async () => {
  const gate = new QuietGate(300, 400);
  gate.touch();
  await gate.wait(); // the first burst's work waited, then ran in the pause
  await sleep(600); // longer than the longest deferral, but quiet
  gate.touch(); // the next burst
  const traffic = setInterval(() => gate.touch(), 20);
  try {
    assert.equal(
      await settlesWithin(gate.wait(), 200),
      false,
      "the next burst's traffic holds work back again",
    );
  } finally {
    clearInterval(traffic);
  }
});
