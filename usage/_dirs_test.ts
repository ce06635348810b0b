import { test } from "node:test";
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirMemo, readDirKinds } from "./_dirs.ts";
import { createLister } from "./_walk.ts";
import { denoStatDir } from "../edge/runtime_info.ts";

const statDir = denoStatDir() ?? ((path: string) => {
  const st = statSync(path, { throwIfNoEntry: false });
  return st?.isDirectory() ? { mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino } : undefined;
});

/** A home with logs under `root`, a cache folder, and a counter of folder reads. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  const root = join(dir, "logs");
  const cache = join(dir, "cache");
  mkdirSync(join(root, "p", "s", "subagents"), { recursive: true });
  mkdirSync(cache);
  writeFileSync(join(root, "p", "a.jsonl"), "{}\n");
  writeFileSync(join(root, "p", "s", "subagents", "x.jsonl"), "{}\n");
  writeFileSync(join(root, "p", "notes.txt"), "");
  const reads: string[] = [];
  const io = {
    stat: statDir,
    read: (path: string) => {
      reads.push(path);
      return readDirKinds(path);
    },
  };
  /** Lists `root` through a memo loaded now, saves it, and returns the relative paths found. */
  const list = async () => {
    const memo = new DirMemo(cache, Date.now(), io);
    const found = await createLister(() => {}, memo.lister("claude-code")).files([root], {
      ext: [".jsonl"],
    });
    await memo.save();
    return found.map((s) => s.meta!.rel);
  };
  return {
    dir,
    root,
    cache,
    reads,
    list,
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Sets every folder under (and including) `dir` an hour back, as folders long untouched are. */
function settle(...dirs: string[]): void {
  const old = new Date(Date.now() - 3_600_000);
  for (const d of dirs) utimesSync(d, old, old);
}

test("a folder whose times are unchanged is stat'ed, not read again", async () => {
  const s = setup();
  try {
    const p = join(s.root, "p");
    settle(s.root, p, join(p, "s"), join(p, "s", "subagents"));
    const first = await s.list();
    assert.deepEqual(first, ["p/a.jsonl", "p/s/subagents/x.jsonl"]);
    assert.equal(s.reads.length, 4);
    s.reads.length = 0;
    assert.deepEqual(await s.list(), first);
    assert.deepEqual(s.reads, []);
  } finally {
    s.done();
  }
});

test("a file added to, removed from or renamed in a remembered folder is seen at once", async () => {
  const s = setup();
  try {
    const p = join(s.root, "p");
    const sub = join(p, "s", "subagents");
    settle(s.root, p, join(p, "s"), sub);
    await s.list();
    writeFileSync(join(p, "b.jsonl"), "{}\n");
    assert.deepEqual(await s.list(), ["p/a.jsonl", "p/b.jsonl", "p/s/subagents/x.jsonl"]);
    settle(p);
    await s.list();
    rmSync(join(p, "a.jsonl"));
    assert.deepEqual(await s.list(), ["p/b.jsonl", "p/s/subagents/x.jsonl"]);
    settle(sub);
    await s.list();
    renameSync(join(sub, "x.jsonl"), join(sub, "y.jsonl"));
    assert.deepEqual(await s.list(), ["p/b.jsonl", "p/s/subagents/y.jsonl"]);
  } finally {
    s.done();
  }
});

test("a folder that appears, disappears or is replaced under a remembered one is seen at once", async () => {
  const s = setup();
  try {
    const p = join(s.root, "p");
    settle(s.root, p, join(p, "s"), join(p, "s", "subagents"));
    await s.list();
    mkdirSync(join(p, "t"));
    writeFileSync(join(p, "t", "z.jsonl"), "{}\n");
    assert.deepEqual(await s.list(), ["p/a.jsonl", "p/s/subagents/x.jsonl", "p/t/z.jsonl"]);
    settle(p, join(p, "t"));
    await s.list();
    rmSync(join(p, "s"), { recursive: true });
    assert.deepEqual(await s.list(), ["p/a.jsonl", "p/t/z.jsonl"]);
    settle(p);
    await s.list();
    const t = join(p, "t"); // replaced by a new folder of the same name
    rmSync(t, { recursive: true });
    mkdirSync(t);
    writeFileSync(join(t, "w.jsonl"), "{}\n");
    assert.deepEqual(await s.list(), ["p/a.jsonl", "p/t/w.jsonl"]);
    rmSync(s.root, { recursive: true });
    assert.deepEqual(await s.list(), []);
  } finally {
    s.done();
  }
});

test("a folder changed within the settle time is read again and not remembered", async () => {
  const s = setup();
  try {
    await s.list(); // every folder was just written: none is remembered
    s.reads.length = 0;
    await s.list();
    assert.equal(s.reads.length, 4);
    assert.ok(!existsSync(join(s.cache, "dirs.json")));
  } finally {
    s.done();
  }
});

test("a damaged or foreign memo file is ignored and the folders are read", async () => {
  const s = setup();
  try {
    const p = join(s.root, "p");
    settle(s.root, p, join(p, "s"), join(p, "s", "subagents"));
    await s.list();
    const file = join(s.cache, "dirs.json");
    const kept = JSON.parse(readFileSync(file, "utf8"));
    // A listing whose names and kinds disagree, keyed by the folder's real times.
    const entry = kept.platforms["claude-code"][p];
    kept.platforms["claude-code"][p] = [entry[0], entry[1], entry[2], "a.jsonl/ghost.jsonl", "f"];
    writeFileSync(file, JSON.stringify(kept));
    s.reads.length = 0;
    assert.deepEqual(await s.list(), ["p/a.jsonl", "p/s/subagents/x.jsonl"]);
    assert.deepEqual(s.reads, [p]);
    writeFileSync(file, "{not json");
    assert.deepEqual(await s.list(), ["p/a.jsonl", "p/s/subagents/x.jsonl"]);
  } finally {
    s.done();
  }
});

test("listing one platform keeps the other platforms' remembered folders", async () => {
  const s = setup();
  try {
    const p = join(s.root, "p");
    settle(s.root, p, join(p, "s"), join(p, "s", "subagents"));
    await s.list();
    const other = new DirMemo(s.cache);
    await createLister(() => {}, other.lister("codex")).files([join(s.dir, "none")], {
      ext: [".jsonl"],
    });
    await other.save();
    s.reads.length = 0;
    await s.list();
    assert.deepEqual(s.reads, []);
  } finally {
    s.done();
  }
});
