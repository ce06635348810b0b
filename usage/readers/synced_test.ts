import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { scanUsage } from "../scan.ts";
import { hostAt, tempCopy } from "../../tests/_helpers/usage.ts";
import { REQUIRES_SYNC } from "./synced.ts";

test("Windsurf and JetBrains Copilot say 'requires sync' once their app is installed", async () => {
  const { dir, done } = tempCopy();
  try {
    const platforms = ["windsurf", "jetbrains-copilot"] as const;
    const scan = () => scanUsage({ machine: hostAt(dir), platforms, cache: false });
    const before = await scan();
    assert.deepEqual(before.skipped, [], "neither app here: nothing to say");
    // Windsurf's home on every OS; the Copilot plugin's folder shared by JetBrains IDEs.
    mkdirSync(join(dir, ".codeium", "windsurf"), { recursive: true });
    mkdirSync(join(dir, ".config", "github-copilot", "intellij"), { recursive: true });
    const after = await scan();
    assert.deepEqual(after.skipped, [
      { platform: "windsurf", reason: REQUIRES_SYNC },
      { platform: "jetbrains-copilot", reason: REQUIRES_SYNC },
    ]);
    assert.equal(after.records.length, 0);
  } finally {
    done();
  }
});

test("~/.codeium alone (Codeium's other editors) is not Windsurf", async () => {
  const { dir, done } = tempCopy();
  try {
    mkdirSync(join(dir, ".codeium"), { recursive: true });
    mkdirSync(join(dir, ".config", "github-copilot"), { recursive: true });
    const { skipped } = await scanUsage({
      machine: hostAt(dir),
      platforms: ["windsurf", "jetbrains-copilot"],
      cache: false,
    });
    assert.deepEqual(skipped, []);
  } finally {
    done();
  }
});
