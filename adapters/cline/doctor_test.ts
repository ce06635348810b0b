import { test } from "node:test";
import assert from "node:assert/strict";
import { clineDocumentsCheck } from "./doctor.ts";
import type { ScopeName } from "../descriptor.ts";

/** A doctor input on Linux whose disk holds `files`. */
function input(files: Record<string, string>, scope: ScopeName = "user") {
  const probe = {
    exists: (p: string) => p in files,
    readText: (p: string) => files[p],
    realPath: (p: string) => p in files ? p : undefined,
  };
  const ctx = { home: "/h", projectDir: "/p", env: { PATH: "/usr/bin" }, os: "linux" as const };
  return { scope, ctx, probe };
}

const XDG = "/usr/bin/xdg-user-dir";
const DIRS = "/h/.config/user-dirs.dirs";

test("doctor warns when xdg-user-dir puts the extension's folder outside ~/Documents", async () => {
  // The script with no user-dirs.dirs prints HOME: the lab machine's case.
  const [finding, ...rest] = await clineDocumentsCheck(input({ [XDG]: "" }));
  assert.deepEqual(rest, []);
  assert.equal(finding.status, "warn");
  assert.match(finding.message, /are in \/h\/Cline, .* reads only \/h\/Documents\/Cline/);
  assert.match(finding.fix!, /--scope project/);
  const renamed = await clineDocumentsCheck(
    input({ [XDG]: "", [DIRS]: 'XDG_DOCUMENTS_DIR="$HOME/Dokumente"\n' }),
  );
  assert.match(renamed[0].message, /\/h\/Dokumente\/Cline/);
});

test("doctor is quiet when both runtimes read ~/Documents, and for a project install", async () => {
  assert.deepEqual(await clineDocumentsCheck(input({})), []);
  const desktop = { [XDG]: "", [DIRS]: 'XDG_DOCUMENTS_DIR="$HOME/Documents"\n' };
  assert.deepEqual(await clineDocumentsCheck(input(desktop)), []);
  assert.deepEqual(await clineDocumentsCheck(input({ [XDG]: "" }, "project")), []);
});
