import { test } from "node:test";
import assert from "node:assert/strict";
import { trafficPause } from "./traffic_pause.ts";

/** A fake clock and sleep; `onSleep` runs at each sleep (traffic while asleep). */
function fakeTime(onSleep: (n: number) => void = () => {}) {
  let clock = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => clock,
    sleep(ms: number) {
      sleeps.push(ms);
      clock += ms;
      onSleep(sleeps.length);
    },
  };
}

test("trafficPause never sleeps while the watched word stays the same", () => {
  const word = new Int32Array(new SharedArrayBuffer(8));
  const time = fakeTime();
  const pause = trafficPause(word, { index: 1, ...time });
  for (let i = 0; i < 100; i++) pause();
  Atomics.store(word, 0, 7); // another word: not watched
  pause();
  assert.deepEqual(time.sleeps, []);
});

test("trafficPause sleeps once after traffic that has stopped, and notices each change once", () => {
  const word = new Int32Array(new SharedArrayBuffer(4));
  const time = fakeTime();
  const pause = trafficPause(word, { quietMs: 100, ...time });
  Atomics.store(word, 0, 1);
  pause();
  assert.deepEqual(time.sleeps, [100]);
  pause();
  assert.deepEqual(time.sleeps, [100], "the same change is not waited for twice");
});

test("trafficPause keeps sleeping while chunks keep coming, then goes on once they stop", () => {
  const word = new Int32Array(new SharedArrayBuffer(4));
  // Three more chunks arrive during the first three sleeps.
  const time = fakeTime((n) => n <= 3 && Atomics.add(word, 0, 1));
  const pause = trafficPause(word, { quietMs: 50, maxMs: 10_000, ...time });
  Atomics.add(word, 0, 1);
  pause();
  assert.deepEqual(time.sleeps, [50, 50, 50, 50]);
});

test("trafficPause goes on after its longest pause when traffic never stops", () => {
  const word = new Int32Array(new SharedArrayBuffer(4));
  const time = fakeTime(() => Atomics.add(word, 0, 1));
  const pause = trafficPause(word, { quietMs: 100, maxMs: 1_000, ...time });
  Atomics.add(word, 0, 1);
  pause();
  assert.equal(time.sleeps.length, 10);
});
