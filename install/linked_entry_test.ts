import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LINKED_ENTRY, linkedEntryFresh, sourcesDigest } from "./linked_entry.ts";

function seed(root: string, sources: Record<string, string>, header?: string): void {
  for (const [p, text] of Object.entries(sources)) {
    mkdirSync(join(root, p, ".."), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  const names = Object.keys(sources);
  const digest = sourcesDigest((p) => sources[p], names);
  mkdirSync(join(root, "cli"), { recursive: true });
  writeFileSync(
    join(root, LINKED_ENTRY),
    `#!/usr/bin/env node\n${header ?? `// sources ${digest} ${names.join(" ")}`}\nrun();\n`,
  );
}

test("the pre-linked entry is fresh while every source it names is unchanged", () => {
  const root = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    seed(root, { "cli/main.ts": "main\n", "core/a.ts": "export const a = 1;\n" });
    assert.equal(linkedEntryFresh(root), true);
    writeFileSync(join(root, "core/a.ts"), "export const a = 2;\n");
    assert.equal(linkedEntryFresh(root), false, "a changed source");
    writeFileSync(join(root, "core/a.ts"), "export const a = 1;\n");
    assert.equal(linkedEntryFresh(root), true);
    rmSync(join(root, "core/a.ts"));
    assert.equal(linkedEntryFresh(root), false, "a missing source");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("an entry without a sources header, or no entry at all, is never fresh", () => {
  const root = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    assert.equal(linkedEntryFresh(root), false);
    seed(root, { "cli/main.ts": "main\n" }, "// hand-written");
    assert.equal(linkedEntryFresh(root), false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
