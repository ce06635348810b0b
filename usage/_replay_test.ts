import { test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { listUsage, type ScanOptions } from "./scan.ts";
import { ListingMemo } from "./_listing_memo.ts";
import {
  absentUnder,
  probeExists,
  probeNames,
  probeText,
  recordSources,
  sameSources,
  stillAbsent,
} from "./_replay.ts";
import { readerLoads } from "./readers/registry.ts";
import { hostAt, tempCopy, usageFixture } from "../tests/_helpers/usage.ts";

/** Sets every folder under `dir` (and `dir`) an hour back, as long-untouched folders are. */
function settleTree(dir: string): void {
  const old = new Date(Date.now() - 3_600_000);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) settleTree(join(dir, e.name));
  }
  utimesSync(dir, old, old);
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** What a listing says, without the cache folder (which differs by the `cache` option only). */
function seen(listing: Awaited<ReturnType<typeof listUsage>>) {
  const { fingerprint, skipped, problems, platforms } = listing;
  return { fingerprint, skipped, problems, platforms };
}

test("a kept listing is answered without its reader only while every env variable, host file and log it read is the same", async () => {
  const t = tempCopy();
  const home = join(t.dir, "home");
  const env: Record<string, string> = { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") };
  // A Claude Code config dir and a Codex home elsewhere, for the env overrides.
  const other = join(t.dir, "other");
  try {
    cpSync(usageFixture("agent-kit/home"), home, { recursive: true });
    const claudeLog = "s-usage.jsonl";
    write(
      join(other, "claude", "projects", "q", "s.jsonl"),
      readFileSync(join(home, ".claude", "projects", "-u-me-work", claudeLog), "utf8"),
    );
    mkdirSync(join(other, "codex", "sessions"), { recursive: true });
    settleTree(t.dir);
    const steps: [string, () => void][] = [
      ["nothing changed", () => {}],
      ["CLAUDE_CONFIG_DIR set", () => env.CLAUDE_CONFIG_DIR = join(other, "claude")],
      ["CLAUDE_CONFIG_DIR unset", () => delete env.CLAUDE_CONFIG_DIR],
      ["CODEX_HOME set", () => env.CODEX_HOME = join(other, "codex")],
      ["CODEX_HOME unset", () => delete env.CODEX_HOME],
      ["a host home created", () => {
        write(join(home, ".qwen", "projects", "p", "chats", "s.jsonl"), "{}\n");
      }],
      ["a host home created inside an existing folder", () => {
        write(join(home, ".local", "share", "kilo", "storage", "message", "s", "m.json"), "{}");
      }],
      ["a probed database created", () => {
        write(join(home, ".local", "share", "goose", "sessions", "sessions.db"), "");
      }],
      ["a probed project list created", () => {
        write(
          join(home, ".local", "share", "crush", "projects.json"),
          JSON.stringify({ projects: [{ path: join(home, "work") }] }),
        );
        write(join(home, "work", ".crush", "crush.db"), "");
      }],
      ["a probed project list changed", () => {
        write(join(home, ".local", "share", "crush", "projects.json"), "{}");
      }],
      ["a dangling symlink for a host home", () => {
        symlinkSync(join(other, "kimi"), join(home, ".kimi"));
        settleTree(t.dir);
      }],
      ["its target created", () => {
        write(join(other, "kimi", "sessions", "w", "s", "wire.jsonl"), "{}\n");
      }],
      ["XDG_DATA_HOME set", () => env.XDG_DATA_HOME = join(other, "xdg")],
      ["a log appended to", () => {
        const log = "s-usage.jsonl";
        appendFileSync(join(home, ".claude", "projects", "-u-me-work", log), "\n");
      }],
      ["everything settled again", () => settleTree(t.dir)],
    ];
    for (const [what, step] of steps) {
      step();
      const options: ScanOptions = { machine: hostAt(home, { ...env }) };
      const kept = await listUsage({ ...options, cache: true });
      const loads = readerLoads();
      const again = await listUsage({ ...options, cache: true });
      const replayed = readerLoads() === loads;
      const fresh = await listUsage({ ...options, cache: false });
      assert.deepEqual(seen(kept), seen(fresh), what);
      assert.deepEqual(seen(again), seen(fresh), `${what}, then again`);
      if (what === "nothing changed" || what === "everything settled again") {
        assert.ok(replayed, `${what}: a reader was loaded`);
      }
    }
  } finally {
    t.done();
  }
});

test("a reader's listing records the env and host fields it read and what its probes found", async () => {
  const t = tempCopy();
  try {
    write(join(t.dir, "a", "f.txt"), "one");
    const machine = hostAt(t.dir, { A: "1", B: "2" });
    const { result, record } = await recordSources(machine, (h) => {
      probeExists(join(h.home, "a", "f.txt"));
      probeExists(join(h.home, "none"));
      probeText(join(h.home, "a", "f.txt"));
      try {
        probeText(join(h.home, "none.txt"));
      } catch { /* missing */ }
      probeNames(join(h.home, "a"));
      probeNames(join(h.home, "nope"));
      return Promise.resolve(h.env.A);
    });
    assert.equal(result, "1");
    assert.ok(record);
    assert.deepEqual(record.reads, [["home", t.dir], ["env.A", "1"]]);
    assert.deepEqual(record.probes.map((p) => [p[0], p[2] === "1" || p[2] === "0" ? p[2] : "*"]), [
      ["e", "1"],
      ["e", "0"],
      ["t", "*"],
      ["t", "*"],
      ["n", "*"],
      ["n", "*"],
    ]);
    assert.ok(sameSources(machine, record));
    assert.ok(sameSources(hostAt(t.dir, { A: "1", B: "changed: not read" }), record));
    assert.ok(!sameSources(hostAt(t.dir, { A: "2" }), record), "an env variable read changed");
    assert.ok(!sameSources(hostAt(join(t.dir, "a"), { A: "1" }), record), "another home");
    writeFileSync(join(t.dir, "a", "f.txt"), "two");
    assert.ok(!sameSources(machine, record), "a probed file's text changed");
    writeFileSync(join(t.dir, "a", "f.txt"), "one");
    assert.ok(sameSources(machine, record));
    write(join(t.dir, "a", "g.txt"), "");
    assert.ok(!sameSources(machine, record), "a probed folder gained an entry");
    rmSync(join(t.dir, "a", "g.txt"));
    write(join(t.dir, "none"), "");
    assert.ok(!sameSources(machine, record), "a probed path now exists");
  } finally {
    t.done();
  }
});

test("a reader that lists env names, or a listing that overlaps another, is not kept", async () => {
  const machine = hostAt("/nowhere", { A: "1" });
  const listed = await recordSources(machine, (h) => Promise.resolve(Object.keys(h.env)));
  assert.equal(listed.record, undefined);
  const asked = await recordSources(machine, (h) => Promise.resolve("A" in h.env));
  assert.equal(asked.record, undefined);
  let release!: () => void;
  const first = recordSources(machine, () => new Promise<void>((r) => release = r));
  const second = await recordSources(machine, () => Promise.resolve(probeExists("/nowhere/x")));
  release();
  assert.equal(second.record, undefined);
  assert.equal((await first).record, undefined);
  assert.ok(
    (await recordSources(machine, () => Promise.resolve())).record,
    "one at a time is kept",
  );
});

test("a kept listing of the previous format is not replayed: it is listed afresh and rewritten", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    settleTree(t.dir);
    const cache = join(t.dir, ".data", "cache", "usage");
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, ".data") });
    const first = await listUsage({ machine, cache: true });
    const file = join(cache, "listing.bin");
    const bytes = readFileSync(file);
    const at = bytes.indexOf('{"format":3,');
    assert.ok(at > 0);
    bytes[at + 10] = "2".charCodeAt(0);
    writeFileSync(file, bytes);
    assert.equal(new ListingMemo(cache).replay("claude-code", machine, "0.1.0"), undefined);
    const loads = readerLoads();
    const again = await listUsage({ machine, cache: true });
    assert.ok(readerLoads() > loads, "listed by the readers");
    assert.deepEqual(seen(again), seen(first));
    assert.ok(readFileSync(file).includes('{"format":3,'), "rewritten");
    const loaded = readerLoads();
    assert.deepEqual(seen(await listUsage({ machine, cache: true })), seen(first));
    assert.equal(readerLoads(), loaded, "then replayed");
  } finally {
    t.done();
  }
});

test("missing paths are vouched for by the nearest settled folder above them, not through a dangling symlink", () => {
  const t = tempCopy();
  try {
    mkdirSync(join(t.dir, "a", "b"), { recursive: true });
    write(join(t.dir, "a", "file"), "");
    symlinkSync(join(t.dir, "nowhere"), join(t.dir, "a", "link"));
    settleTree(t.dir);
    const paths = [
      join(t.dir, "a", "b", "c", "d"), // below a: b exists, c does not
      join(t.dir, "a", "x"),
      join(t.dir, "a", "file", "y"), // through a regular file
      join(t.dir, "a", "link", "z"), // through a dangling symlink: not vouched for
      join(t.dir, "a"), // exists
    ];
    const absent = absentUnder(paths, Date.now());
    assert.deepEqual(absent.map((a) => [a[0], a[4]]), [
      [join(t.dir, "a", "b"), [paths[0]]],
      [join(t.dir, "a"), [paths[1], paths[2]]],
    ]);
    assert.deepEqual([...stillAbsent(absent)], [paths[0], paths[1], paths[2]]);
    mkdirSync(join(t.dir, "a", "x"));
    assert.deepEqual([...stillAbsent(absent)], [paths[0]], "a's entries changed");
    // A folder changed within the settle time vouches for nothing.
    assert.deepEqual(absentUnder([join(t.dir, "a", "y")], Date.now()), []);
  } finally {
    t.done();
  }
});
