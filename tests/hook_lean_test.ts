/**
 * The hook entry's start-up module graph (what Deno loads before the first
 * line runs) holds only our small runtime modules: no `node:` built-in (each
 * costs Deno tens of milliseconds of Node compatibility), no npm package, no
 * CLI command and no host adapter (DESIGN §5). What a hook loads later — one
 * dialect, the telemetry row's append — stays as lean. The home binary runs
 * these modules pre-linked into one file (cli/main_linked.js), so a hook
 * call there loads that file and the connector module, nothing more.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { REPO } from "./_helpers/runtime.ts";
import { moduleGraph } from "./_helpers/module_graph.ts";
import { ensureLinkedEntry } from "../scripts/build_hook_entry.ts";

test("a hook call's start-up graph is our small runtime modules and nothing else", () => {
  const graph = moduleGraph(join(REPO, "cli", "main.ts"));
  assert.deepEqual(
    graph.filter((s) =>
      !/^(core|edge|runtime|adapters|cli)\//.test(s) && s !== "telemetry/kill_switch.ts"
    ),
    [],
  );
  assert.deepEqual(
    graph.filter((s) => s.startsWith("cli/") && s !== "cli/main.ts"),
    [],
    "no CLI command",
  );
  assert.deepEqual(
    graph.filter((s) => /^adapters\/[a-z_]+\/mod\.ts$/.test(s)),
    [],
    "no host adapter",
  );
  assert.ok(graph.includes("runtime/hook_main.ts"));
  assert.ok(!graph.includes("runtime/statusline.ts"), "statusline code loads only for statusline");
  // A budget, not a count: the home binary loads the pre-linked entry
  // instead, one module (next test).
  assert.ok(graph.length <= 17, `${graph.length} modules: ${graph.join(", ")}`);
});

test("the launcher's pre-linked entry is one module: the hook path loads nothing else", () => {
  ensureLinkedEntry(REPO);
  assert.deepEqual(moduleGraph(join(REPO, "cli", "main_linked.js")), ["cli/main_linked.js"]);
});

test("a hook's telemetry row and each dialect load no node: built-in, store or adapter", () => {
  const dialects = ["claude", "codex", "cursor", "vscode", "copilot", "gemini", "qwen"];
  for (
    const entry of [
      "telemetry/hook_row_lean.ts",
      ...dialects.map((d) => `adapters/dialects/${d}.ts`),
    ]
  ) {
    const graph = moduleGraph(join(REPO, entry));
    assert.deepEqual(
      graph.filter((s) => !/^(core|edge|io|telemetry|adapters)\//.test(s)),
      [],
      entry,
    );
    assert.deepEqual(
      graph.filter((s) => /^telemetry\/store|^adapters\/[a-z_]+\/mod\.ts$/.test(s)),
      [],
      entry,
    );
    assert.ok(graph.length <= 12, `${entry}: ${graph.length} modules: ${graph.join(", ")}`);
  }
});
