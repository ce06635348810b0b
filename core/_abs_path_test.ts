import { test } from "node:test";
import assert from "node:assert/strict";
import { posix, win32 } from "node:path";
import { childPath, isAbsolutePath, parentPath, resolvePath } from "./_abs_path.ts";

const POSIX = ["/", "/a", "/a/b/", "//a//b/./c/../d", "a/b", "../x", ".", "/a/..", "/.."];
const WIN = [
  "C:\\",
  "C:\\a\\b\\",
  "c:/a//b/./c/../d",
  "\\\\server\\share\\dir\\..\\x",
  "\\\\server\\share",
  "a\\b",
  "..\\x",
  "\\rooted\\on\\drive",
];

test("resolving and taking parents of paths agrees with node:path on POSIX and Windows", () => {
  for (const p of POSIX) {
    assert.equal(isAbsolutePath(p, "linux"), posix.isAbsolute(p), p);
    const abs = resolvePath(p, "linux", () => "/work/cwd");
    assert.equal(abs, posix.resolve("/work/cwd", p), p);
    assert.equal(parentPath(abs, "linux"), posix.dirname(abs), p);
    assert.equal(childPath(abs, "x", "linux"), posix.join(abs, "x"), p);
  }
  for (const p of WIN) {
    assert.equal(isAbsolutePath(p, "win32"), win32.isAbsolute(p), p);
    const abs = resolvePath(p, "win32", () => "D:\\work\\cwd");
    if (!p.startsWith("\\rooted")) assert.equal(abs, win32.resolve("D:\\work\\cwd", p), p);
    if (!/^\\\\[^\\]+\\[^\\]+$/.test(abs)) {
      assert.equal(parentPath(abs, "win32"), win32.dirname(abs), p);
    }
  }
});
