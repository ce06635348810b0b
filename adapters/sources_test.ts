/**
 * Every host whose facts were checked carries them in its folder
 * (adapters/<id>/SOURCES.md, issue #26), and a closed-source host says in
 * its capability flags that its facts come from docs only.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { loadAllAdapters } from "./registry.ts";

const sources = (id: string) => new URL(`./${id.replaceAll("-", "_")}/SOURCES.md`, import.meta.url);

test("each host with a recorded fact origin has a SOURCES.md that agrees with it", async () => {
  const checked = (await loadAllAdapters()).filter((a) => a.capabilities.factsFrom);
  assert.ok(checked.length >= 13, `${checked.length} hosts record where their facts come from`);
  for (const a of checked) {
    assert.ok(existsSync(sources(a.id)), `${a.id}: SOURCES.md`);
    const text = readFileSync(sources(a.id), "utf8");
    if (a.capabilities.factsFrom === "docs") {
      assert.match(text, /closed source|without public source/, `${a.id} says it is closed`);
    } else {
      // Open-source hosts cite at least one file of the host's own repository.
      assert.match(text, /\| source/, `${a.id} cites its source`);
    }
  }
});

test("the hosts #26 checked against their code record it", async () => {
  const byId = new Map<string, string | undefined>(
    (await loadAllAdapters()).map((a) => [a.id, a.capabilities.factsFrom]),
  );
  for (const id of ["vscode-copilot", "cline", "continue", "zed", "gemini-cli", "qwen-code"]) {
    assert.equal(byId.get(id), "source", id);
  }
  for (const id of ["cursor", "windsurf", "jetbrains-copilot"]) {
    assert.equal(byId.get(id), "docs", id);
  }
});
