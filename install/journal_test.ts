/**
 * The write journal's rollback on its own (install/journal.ts): what an
 * interrupted run wrote goes back, its temporary files and folders go, and a
 * file someone changed since is left alone with a `!` record.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { journalPath, openJournal, readJournal, rollBack } from "./journal.ts";
import { useEngineSandbox } from "../tests/_helpers/engine.ts";

const box = useEngineSandbox();

describe("journal rollback", () => {
  it("puts back a replaced file, removes a created one with its folders and temp files", () => {
    const data = join(box.root, "data");
    const kept = join(box.root, "settings.json");
    writeFileSync(kept, "mine\r\n");
    const backup = join(box.root, "settings.json.bak");
    writeFileSync(backup, "mine\r\n");
    const created = join(box.root, "new", "deep", "cmd.md");
    const journal = openJournal(data, "acme", "2026-01-01T00:00:00.000Z");
    journal.file(kept, backup, "ours\n");
    writeFileSync(kept, "ours\n");
    journal.file(created, undefined, "made\n");
    mkdirSync(join(box.root, "new", "deep"), { recursive: true });
    writeFileSync(join(box.root, "new", "deep", ".cmd.md.123.abcd.ac-tmp"), "ma");
    // The run dies here: no close().
    assert.equal(readJournal(data)?.files.length, 2);
    const records = rollBack(data);
    assert.equal(readFileSync(kept, "utf8"), "mine\r\n");
    assert.equal(existsSync(join(box.root, "new")), false, "folders and temp file gone");
    assert.equal(existsSync(journalPath(data)), false);
    assert.match(records.at(-1)!.detail, /1 file\(s\) put back, 1 temporary file\(s\) removed/);
  });

  it("leaves a file changed since the crash, with a ! record", () => {
    const data = join(box.root, "data");
    const file = join(box.root, "GEMINI.md");
    const journal = openJournal(data, "acme", "2026-01-01T00:00:00.000Z");
    journal.file(file, undefined, "ours\n");
    writeFileSync(file, "ours\nand the user's line\n");
    const records = rollBack(data);
    assert.equal(readFileSync(file, "utf8"), "ours\nand the user's line\n");
    assert.equal(records[0].action, "warn");
    assert.match(records[0].detail, /changed since; left as it is/);
  });

  it("temporary files of dead processes in the data root go; a live one's stay", () => {
    const data = join(box.root, "data");
    mkdirSync(join(data, "connectors", "acme"), { recursive: true });
    mkdirSync(join(data, "state"), { recursive: true });
    const dead = join(data, "connectors", "acme", ".connector.json.999999999.0badc0de.ac-tmp");
    // pid 1 always runs: its write may still be going on.
    const live = join(data, "state", ".owned.json.1.0badc0de.ac-tmp");
    writeFileSync(dead, "{");
    writeFileSync(live, "{");
    rollBack(data);
    assert.equal(existsSync(dead), false);
    assert.equal(existsSync(live), true);
  });

  it("a finished run leaves no journal, and there is nothing to roll back", () => {
    const data = join(box.root, "data");
    const journal = openJournal(data, "acme", "2026-01-01T00:00:00.000Z");
    journal.file(join(box.root, "x.json"), undefined, "{}\n");
    journal.close();
    assert.equal(existsSync(journalPath(data)), false);
    assert.deepEqual(rollBack(data), []);
  });
});
