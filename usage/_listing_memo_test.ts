import { test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { Buffer } from "node:buffer";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DirMemo, readDirKinds, statDir } from "./_dirs.ts";
import { ListingMemo, type SameDirs } from "./_listing_memo.ts";
import { createLister } from "./_walk.ts";
import { listUsage } from "./scan.ts";
import { hostAt } from "../tests/_helpers/usage.ts";

/** Sets each folder an hour back, as folders long untouched are (`_dirs.ts` remembers only those). */
function settle(...dirs: string[]): void {
  const old = new Date(Date.now() - 3_600_000);
  for (const d of dirs) utimesSync(d, old, old);
}

/** A Claude Code home with two sessions (one with a subagent) and a cache folder. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  const root = join(dir, "home", ".claude", "projects");
  const p = join(root, "p");
  const sub = join(p, "s", "subagents");
  const cache = join(dir, "cache");
  mkdirSync(sub, { recursive: true });
  mkdirSync(cache);
  writeFileSync(join(p, "a.jsonl"), "{}\n");
  writeFileSync(join(p, "s.jsonl"), "{}\n");
  writeFileSync(join(sub, "x.jsonl"), "{}\n");
  const folders = () => [join(dir, "home", ".claude"), root, p, join(p, "s"), sub];
  settle(...folders());
  const reads: string[] = [];
  let checks = 0;
  const io = {
    stat: statDir,
    read: (path: string) => {
      reads.push(path);
      return readDirKinds(path);
    },
  };
  const same: SameDirs = (paths, kept) => {
    checks += paths.length;
    return paths.every((path, i) => {
      const st = statDir(path);
      return st
        ? st.mtimeMs === kept[3 * i] && st.ctimeMs === kept[3 * i + 1] && st.ino === kept[3 * i + 2]
        : kept[3 * i] === -1;
    });
  };
  /** Lists the roots through both memos (loaded now, saved after), as a cached scan does. */
  const list = async (options: { ext: string[]; filter?: (rel: string) => boolean } = {
    ext: [".jsonl"],
  }) => {
    const dirs = new DirMemo(cache, Date.now(), io);
    const memo = new ListingMemo(cache, same);
    const lister = createLister(() => {}, dirs.lister("claude-code"), memo.walks("claude-code"));
    const found = await lister.files([root, join(dir, "none")], options);
    await dirs.save();
    await memo.save();
    return found.map((s) => s.meta!.rel);
  };
  /** The same roots walked afresh, with no memo. */
  const fresh = async () =>
    (await createLister(() => {}).files([root, join(dir, "none")], { ext: [".jsonl"] }))
      .map((s) => s.meta!.rel);
  return {
    dir,
    root,
    p,
    sub,
    cache,
    reads,
    checks: () => checks,
    list,
    fresh,
    folders,
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

test("a walk through unchanged folders is answered by stat'ing them: none is read", async () => {
  const s = setup();
  try {
    const first = await s.list();
    assert.deepEqual(first, ["p/a.jsonl", "p/s.jsonl", "p/s/subagents/x.jsonl"]);
    s.reads.length = 0;
    const before = s.checks();
    assert.deepEqual(await s.list(), first);
    assert.deepEqual(s.reads, []);
    // The root's four folders and the missing second root.
    assert.equal(s.checks() - before, 5);
  } finally {
    s.done();
  }
});

test("a file or folder added, removed, renamed or replaced under a remembered walk is seen at once", async () => {
  const s = setup();
  try {
    await s.list();
    const steps: (() => void)[] = [
      () => writeFileSync(join(s.p, "b.jsonl"), "{}\n"),
      () => rmSync(join(s.p, "a.jsonl")),
      () => renameSync(join(s.sub, "x.jsonl"), join(s.sub, "y.jsonl")),
      () => {
        mkdirSync(join(s.p, "t"));
        writeFileSync(join(s.p, "t", "z.jsonl"), "{}\n");
      },
      () => {
        rmSync(join(s.p, "s"), { recursive: true });
        mkdirSync(join(s.p, "s"));
        writeFileSync(join(s.p, "s", "w.jsonl"), "{}\n");
      },
      () => {
        mkdirSync(join(s.dir, "none"));
        writeFileSync(join(s.dir, "none", "n.jsonl"), "{}\n");
      },
      () => rmSync(s.root, { recursive: true }),
    ];
    for (const step of steps) {
      step();
      assert.deepEqual(await s.list(), await s.fresh());
      // Settled again, so the next step changes a remembered walk.
      settle(...s.folders().filter((d) => statDir(d)));
      for (const d of [join(s.p, "t"), join(s.dir, "none")]) if (statDir(d)) settle(d);
      assert.deepEqual(await s.list(), await s.fresh());
    }
  } finally {
    s.done();
  }
});

test("a walk asked with other endings or another filter is walked again", async () => {
  const s = setup();
  try {
    await s.list();
    s.reads.length = 0;
    assert.deepEqual(await s.list({ ext: [".jsonl"], filter: (rel) => !rel.includes("/s/") }), [
      "p/a.jsonl",
      "p/s.jsonl",
    ]);
    assert.deepEqual(await s.list({ ext: [".json"] }), []);
  } finally {
    s.done();
  }
});

test("a damaged, truncated or foreign memo file is ignored and the folders are walked", async () => {
  const s = setup();
  try {
    const first = await s.list();
    const file = join(s.cache, "listing.bin");
    const bytes = readFileSync(file);
    for (
      const bad of [
        bytes.subarray(0, bytes.length - 3),
        Buffer.from("{not a memo"),
        Buffer.alloc(0),
      ]
    ) {
      writeFileSync(file, bad);
      s.reads.length = 0;
      assert.deepEqual(await s.list(), first);
    }
  } finally {
    s.done();
  }
});

test("a listing with the kept memo has the fingerprint of a fresh one after any change to a log", async () => {
  const s = setup();
  try {
    const machine = hostAt(join(s.dir, "home"), { AGENT_CONNECTOR_DATA_DIR: join(s.dir, "data") });
    const options = { machine, platforms: ["claude-code" as const] };
    const a = join(s.p, "a.jsonl");
    let at = Date.now() - 60_000;
    /** Changes `a`, then gives it a new mtime, as a real write a while later gets. */
    const later = (change: () => void) => {
      change();
      at += 1000;
      utimesSync(a, new Date(at), new Date(at));
    };
    const steps: (() => void)[] = [
      () => {},
      () => later(() => appendFileSync(a, "{}\n")),
      () => later(() => writeFileSync(a, "[]\n[]\n")), // same size, new content
      () => later(() => truncateSync(a, 2)),
      () =>
        later(() => {
          rmSync(a); // replaced: a new inode
          writeFileSync(a, "{}\n");
        }),
      () => rmSync(join(s.sub, "x.jsonl")),
      () => renameSync(join(s.p, "s.jsonl"), join(s.p, "r.jsonl")), // same stats, another path
      () => settle(...s.folders()),
      () => renameSync(join(s.p, "r.jsonl"), join(s.p, "q.jsonl")),
    ];
    for (const step of steps) {
      step();
      const kept = await listUsage({ ...options, cache: true });
      const again = await listUsage({ ...options, cache: true });
      const fresh = await listUsage({ ...options, cache: false });
      assert.equal(kept.fingerprint, fresh.fingerprint);
      assert.equal(again.fingerprint, fresh.fingerprint);
    }
  } finally {
    s.done();
  }
});
