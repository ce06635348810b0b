import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BACKUP_POLICY, backupDirFor, backupFile, BACKUPS_KEPT_PER_FILE } from "./backups.ts";
import { tempDir } from "../tests/_helpers/temp.ts";

describe("backupFile", () => {
  it("copies the file under backups/ with a timestamp and names the source", () => {
    const { dir, cleanup } = tempDir();
    try {
      const f = join(dir, "config.toml");
      writeFileSync(f, "a = 1\n");
      const b = backupFile(join(dir, "data"), f, new Date("2026-03-04T05:06:07.089Z"))!;
      assert.equal(b, join(backupDirFor(join(dir, "data"), f), "20260304T050607.089Z"));
      assert.equal(readFileSync(b, "utf8"), "a = 1\n");
      assert.equal(
        readFileSync(join(backupDirFor(join(dir, "data"), f), "source"), "utf8"),
        f + "\n",
      );
    } finally {
      cleanup();
    }
  });

  it("returns undefined for a missing file", () => {
    const { dir, cleanup } = tempDir();
    try {
      assert.equal(backupFile(join(dir, "data"), join(dir, "nope")), undefined);
    } finally {
      cleanup();
    }
  });

  it(`keeps only the ${BACKUPS_KEPT_PER_FILE} newest copies, even within one millisecond`, () => {
    const { dir, cleanup } = tempDir();
    try {
      const f = join(dir, "settings.json");
      const data = join(dir, "data");
      for (let i = 0; i < 14; i++) {
        writeFileSync(f, `v${i}`);
        backupFile(data, f, new Date(Date.UTC(2026, 0, 1, 0, 0, i < 12 ? i : 12)));
      }
      const kept = readdirSync(backupDirFor(data, f)).filter((n) => n !== "source").sort();
      assert.equal(kept.length, BACKUPS_KEPT_PER_FILE);
      assert.equal(
        readFileSync(join(backupDirFor(data, f), "20260101T000012.000Z-1"), "utf8"),
        "v13",
      );
      assert.ok(!kept.includes("20260101T000003.000Z"));
      assert.ok(kept.includes("20260101T000004.000Z"));
      assert.match(BACKUP_POLICY, /10 newest/);
    } finally {
      cleanup();
    }
  });
});
