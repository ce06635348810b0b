import { test } from "node:test";
import assert from "node:assert/strict";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { inProcessCounter, workerCounter } from "./token_counter.ts";

const WORKER = new URL("../runtime/token_worker.ts", import.meta.url);
const texts = ["hello world", "naïve café — 日本語 😀", '{"a":[1,2,3]}', ""];

test("the worker counter counts like o200k, off the calling thread", async () => {
  const counter = workerCounter(WORKER);
  try {
    counter.warm();
    const counts = await counter.count(texts);
    assert.deepEqual(counts, texts.map((t) => ({ tokens: countTokens(t), exact: true })));
  } finally {
    await counter.close();
  }
});

test("a worker that cannot start makes every count reject", async () => {
  // A worker that ends as it starts (a missing file would also fail, but makes
  // Deno print a type-check error into the test output).
  const broken = "data:text/javascript,import process from 'node:process'; process.exit(3);";
  const counter = workerCounter(new URL(broken));
  try {
    await assert.rejects(() => counter.count(["x"]));
    await assert.rejects(() => counter.count(["y"]));
  } finally {
    await counter.close();
  }
});

test("the in-process counter loads once and counts each text", async () => {
  let loads = 0;
  const counter = inProcessCounter(() => {
    loads++;
    return Promise.resolve((t: string) => t.length);
  });
  assert.deepEqual(await counter.count(["ab", "cde"]), [
    { tokens: 2, exact: true },
    { tokens: 3, exact: true },
  ]);
  await counter.count(["x"]);
  assert.equal(loads, 1);
});
