import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { ensureDir, writeFileAtomic } from "./atomic_write.ts";
import { tempDir } from "../tests/_helpers/temp.ts";

describe("writeFileAtomic", () => {
  it("replaces a file, keeps its mode and leaves nothing beside it", () => {
    const { dir, cleanup } = tempDir();
    try {
      const f = join(dir, "settings.json");
      writeFileSync(f, "old");
      chmodSync(f, 0o640);
      writeFileAtomic(f, "new");
      assert.equal(readFileSync(f, "utf8"), "new");
      assert.equal(statSync(f).mode & 0o777, 0o640);
      assert.deepEqual(readdirSync(dir), ["settings.json"]);
    } finally {
      cleanup();
    }
  });

  it("creates missing folders and reports the outermost one", () => {
    const { dir, cleanup } = tempDir();
    try {
      const created = writeFileAtomic(join(dir, "a", "b", "f.md"), "x");
      assert.equal(created, join(dir, "a"));
      assert.equal(writeFileAtomic(join(dir, "a", "b", "g.md"), "y"), undefined);
    } finally {
      cleanup();
    }
  });

  it("writes through a symlink and keeps the link", () => {
    const { dir, cleanup } = tempDir();
    try {
      mkdirSync(join(dir, "dotfiles"));
      const real = join(dir, "dotfiles", "CLAUDE.md");
      writeFileSync(real, "old");
      const link = join(dir, "CLAUDE.md");
      symlinkSync(real, link);
      writeFileAtomic(link, "new");
      assert.equal(readlinkSync(link), real);
      assert.equal(readFileSync(real, "utf8"), "new");
    } finally {
      cleanup();
    }
  });

  it("removes its temporary file when the rename fails", () => {
    const { dir, cleanup } = tempDir();
    try {
      mkdirSync(join(dir, "target-is-a-dir"));
      mkdirSync(join(dir, "target-is-a-dir", "inner"));
      assert.throws(() => writeFileAtomic(join(dir, "target-is-a-dir"), "x"));
      assert.deepEqual(readdirSync(dir), ["target-is-a-dir"]);
    } finally {
      cleanup();
    }
  });
});

describe("ensureDir", () => {
  it("creates each missing folder once, the outermost reported, an existing one left alone", () => {
    const { dir, cleanup } = tempDir();
    try {
      assert.equal(ensureDir(join(dir, "a", "b", "c"), 0o700), join(dir, "a"));
      assert.equal(statSync(join(dir, "a", "b")).mode & 0o777, 0o700);
      assert.equal(ensureDir(join(dir, "a", "b", "c")), undefined);
      assert.equal(ensureDir(join(dir, "a", "b", "d")), join(dir, "a", "b", "d"));
    } finally {
      cleanup();
    }
  });

  it("says a file is in the way as the file system does", () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, "f"), "");
      assert.throws(() => ensureDir(join(dir, "f")), { code: "EEXIST" });
      assert.throws(() => ensureDir(join(dir, "f", "a", "b")), { code: "ENOTDIR" });
    } finally {
      cleanup();
    }
  });

  it("names the folder a file system refuses although its parent exists", {
    skip: process.platform !== "linux" && "needs /proc",
  }, () => {
    const at = `/proc/ac-test-${process.pid}`;
    assert.throws(() => ensureDir(join(at, "cache", "usage")), {
      code: "ENOENT",
      message: `cannot create the folder ${at}: its file system does not allow new folders there`,
    });
  });
});
