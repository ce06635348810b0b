/**
 * The end-to-end lifecycle of one host, in a temporary HOME and project
 * seeded with a user's hand-edited files (tests/fixtures/hosts/<host>/seed-*):
 * `detect` finds exactly that host → install (detected, user scope) → the
 * exact hook commands written into the host's hook file, run through a
 * shell with the host's documented payloads, give the expected native
 * replies → the user's own entries survive → a second install changes
 * nothing → uninstall --purge gives back every pre-existing byte and
 * removes every file and folder it created.
 *
 * @module
 */

import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import type { HookEventName } from "../../core/hook_types.ts";
import { loadAdapter } from "../../adapters/registry.ts";
import { type ConfigHookSurface, scopePath } from "../../adapters/descriptor.ts";
import { valueAt } from "../../install/_read_structured.ts";
import { runCliCaptured } from "./cli.ts";
import { payloadFor } from "./payloads.ts";
import { listDirs, snapshotTree } from "./tree.ts";
import { denoDirEnv, REPO } from "./runtime.ts";

/** What one host's lifecycle test checks (`tests/fixtures/hosts/<host>/e2e.json`). */
export interface HostE2e {
  /** The host id. */
  host: string;
  /** Expected reply per event the host fires: parsed stdout JSON, or undefined for none. */
  replies: Partial<Record<HookEventName, unknown>>;
  /** Seeded content that must still be there after install (relative path → pattern). */
  kept: Array<[string, RegExp]>;
  /** A native (passthrough) hook to run too. */
  native?: { event: string; stdin: string; reply: unknown };
}

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-hooks");

/** Registers the lifecycle tests for `spec.host`. */
export function testHostLifecycle(spec: HostE2e): void {
  const seed = join(REPO, "tests", "fixtures", "hosts", spec.host);
  const base = mkdtempSync(join(tmpdir(), "ac-e2e-"));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  after(() => rmSync(base, { recursive: true, force: true }));
  const host = {
    home,
    env: { HOME: home, PATH: process.env.PATH ?? "", ACME_DB_DSN: "pg://acme" },
    cwd: project,
    os: "linux" as const,
  };
  const cli = (...args: string[]) => runCliCaptured(args, host);
  let before = new Map<string, string>();
  let dirsBefore: string[] = [];

  test(`${spec.host}: detect finds nothing in an empty HOME and exactly ${spec.host} once seeded`, async () => {
    const empty = JSON.parse((await cli("detect", "--json")).stdout) as Array<
      { id: string; installed: boolean }
    >;
    assert.deepEqual(empty.filter((d) => d.installed).map((d) => d.id), []);
    cpSync(join(seed, "seed-home"), home, { recursive: true });
    cpSync(join(seed, "seed-project"), project, { recursive: true });
    before = snapshotTree(home);
    dirsBefore = listDirs(home);
    const seeded = JSON.parse((await cli("detect", "--json")).stdout) as Array<
      { id: string; installed: boolean }
    >;
    assert.deepEqual(seeded.filter((d) => d.installed).map((d) => d.id), [spec.host]);
  });

  test(`${spec.host}: install writes every surface it has and reports the rest with !`, async () => {
    const run = await cli("install", "--connector", CONNECTOR);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const lines = run.stdout.trim().split("\n").slice(0, -1);
    for (const line of lines) {
      assert.match(line, new RegExp(`^[+~!=] (${spec.host}|agent-connector) `), line);
    }
    assert.match(run.stdout, new RegExp(`\\+ ${spec.host} {2}MCP server acme-hooks: added`));
  });

  test(`${spec.host}: the exact hook commands in its hook file give its native replies`, async () => {
    const adapter = (await loadAdapter(spec.host))!;
    const surface = adapter.hooks as ConfigHookSurface;
    const file = scopePath(surface.paths, "user", { ...host, projectDir: project })!;
    const text = readFileSync(file, "utf8");
    const table = valueAt(
      surface.format === "toml" ? parseToml(text) : parseJsonc(text),
      surface.at,
    );
    // An item is a nested group (`{hooks: [{command}]}`) or a flat entry
    // (`{command}`); an event-list surface (Kimi) keeps every event in one array.
    type Item = { command?: string; hooks?: Array<{ command: string }> } & Record<string, unknown>;
    const eventKey = surface.itemKeys?.event ?? "event";
    const commandOf = (native: string) => {
      const items =
        (surface.layout === "event-list"
          ? (table as Item[]).filter((i) => i[eventKey] === native)
          : (table as Record<string, Item[]>)[native] ?? []).map((i) =>
            i.command ?? i.hooks?.[0]?.command ?? ""
          );
      const ours = items.filter((c) => c.includes("--connector acme-hooks"));
      assert.equal(ours.length, 1, native);
      return ours[0];
    };
    const run = (command: string, stdin: string) => {
      const r = spawnSync("sh", ["-c", command], {
        input: stdin,
        encoding: "utf8",
        env: { HOME: home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      });
      assert.equal(r.status, 0, command);
      assert.equal(r.stderr, "", command);
      return r.stdout === "" ? undefined : JSON.parse(r.stdout);
    };
    const fired = Object.entries(adapter.hooks!.events) as Array<[HookEventName, { name: string }]>;
    assert.deepEqual(fired.map(([e]) => e).sort(), Object.keys(spec.replies).sort());
    for (const [event, native] of fired) {
      const got = run(commandOf(native.name), JSON.stringify(payloadFor(spec.host, event)));
      assert.deepEqual(got, spec.replies[event], `${event} (${native.name})`);
    }
    if (spec.native) {
      assert.deepEqual(run(commandOf(spec.native.event), spec.native.stdin), spec.native.reply);
    }
  });

  test(`${spec.host}: the user's own entries survive the install untouched`, () => {
    for (const [rel, pattern] of spec.kept) {
      assert.match(readFileSync(join(home, rel), "utf8"), pattern, rel);
    }
  });

  test(`${spec.host}: a second install changes nothing`, async () => {
    const run = await cli("install", "--connector", CONNECTOR);
    assert.equal(run.code, 0, run.stdout);
    const lines = run.stdout.trim().split("\n");
    for (const line of lines.slice(0, -1)) assert.match(line, /^[=!] /, line);
    assert.match(lines.at(-1)!, /0 created, 0 updated, 0 removed, \d+ unchanged, \d+ warnings?/);
  });

  test(`${spec.host}: uninstall --purge returns every pre-existing file byte for byte`, async () => {
    const run = await cli("uninstall", "--connector-id", "acme-hooks", "--purge");
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const after = snapshotTree(home, [".agent-connector"]);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [path, bytes] of before) assert.equal(after.get(path), bytes, path);
    assert.deepEqual(listDirs(home, [".agent-connector"]), dirsBefore);
    const again = await cli("uninstall", "--connector-id", "acme-hooks");
    assert.equal(again.code, 0);
    assert.doesNotMatch(again.stdout, /^[+~-] /m);
  });
}
