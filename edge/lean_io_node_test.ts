import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { mkdirEach, nodeIo, parentPath } from "./lean_io_node.ts";

test("parentPath walks POSIX and Windows paths up to their root", () => {
  const chain = (p: string) => {
    const out = [p];
    while (parentPath(out.at(-1)!) !== out.at(-1)) out.push(parentPath(out.at(-1)!));
    return out;
  };
  assert.deepEqual(chain("/a/b/c/"), ["/a/b/c/", "/a/b", "/a", "/"]);
  assert.deepEqual(chain("C:\\Users\\a"), ["C:\\Users\\a", "C:\\Users", "C:\\"]);
  assert.deepEqual(chain("a/b"), ["a/b", "a", "."]);
});

test("mkdirEach creates the missing folders one at a time from the outermost", () => {
  const dirs = new Set(["/", "/home"]);
  const made: string[] = [];
  mkdirEach("/home/u/.agent-connector/telemetry", {
    kind: (p) => dirs.has(p) ? "dir" : undefined,
    mkdir: (p) => void (made.push(p), dirs.add(p)),
  });
  assert.deepEqual(made, [
    "/home/u",
    "/home/u/.agent-connector",
    "/home/u/.agent-connector/telemetry",
  ]);
});

test("mkdirEach names a folder the file system refuses, where a recursive mkdir would spin", () => {
  // /proc's answer: ENOENT for a new folder although its parent exists.
  let calls = 0;
  const refuse = () => {
    if (++calls > 10) throw new Error("looped");
    throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
  };
  assert.throws(
    () =>
      mkdirEach("/proc/x/cache", {
        kind: (p) => p === "/proc" || p === "/" ? "dir" : undefined,
        mkdir: refuse,
      }),
    {
      code: "ENOENT",
      message: "cannot create the folder /proc/x: its file system does not allow new folders there",
    },
  );
  assert.equal(calls, 1);
});

test("Node's lean I/O mkdirp creates nested folders and refuses a file in the way", async () => {
  const io = await nodeIo();
  const dir = mkdtempSync(join(tmpdir(), "ac-mkdirp-"));
  try {
    io.mkdirp(join(dir, "a", "b", "c"));
    assert.ok(statSync(join(dir, "a", "b", "c")).isDirectory());
    io.mkdirp(join(dir, "a", "b", "c"));
    writeFileSync(join(dir, "f"), "");
    assert.throws(() => io.mkdirp(join(dir, "f")), { code: "EEXIST" });
    assert.throws(() => io.mkdirp(join(dir, "f", "g")), { code: "ENOTDIR" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("Node's lean I/O mkdirp names the folder /proc refuses", {
  skip: process.platform !== "linux" && "needs /proc",
}, async () => {
  const io = await nodeIo();
  const at = `/proc/ac-test-${process.pid}`;
  assert.throws(() => io.mkdirp(join(at, "cache")), {
    code: "ENOENT",
    message: `cannot create the folder ${at}: its file system does not allow new folders there`,
  });
});
