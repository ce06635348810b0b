import { test } from "node:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

test("the registry's rows are the host folders (adapters/hosts.gen.ts is fresh)", async () => {
  const { hostsIndexText, HOSTS_INDEX } = await import("../scripts/build_hosts.ts");
  const root = new URL("..", import.meta.url).pathname;
  assert.equal(
    readFileSync(new URL(`../${HOSTS_INDEX}`, import.meta.url), "utf8"),
    await hostsIndexText(root),
    "stale: run `deno task build:hosts`",
  );
  const folders = readdirSync(new URL(".", import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`./${d.name}/host.ts`, import.meta.url)))
    .map((d) => d.name).sort();
  assert.deepEqual(REGISTRY.map((e) => e.folder).sort(), folders);
});
