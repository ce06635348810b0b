import { test } from "node:test";
import assert from "node:assert/strict";
import { inRegistryOrder, REGISTRY } from "./registry.ts";

test("registry rows follow HOST_IDS order, which runtime detection relies on", () => {
  const ids = REGISTRY.map((e) => e.id);
  assert.ok(inRegistryOrder(ids), ids.join(", "));
  assert.equal(new Set(ids).size, ids.length, "no host twice");
  assert.equal(inRegistryOrder(["gemini-cli", "codex"]), false);
});

test("every row loads an adapter with its own id", async () => {
  for (const entry of REGISTRY) assert.equal((await entry.load()).id, entry.id);
});
