/**
 * The write engine every adapter writes through (DESIGN §3). Adapters
 * *declare* {@link Edit}s — pure data: which file, which operation, which
 * value — and {@link applyEdits} does all the I/O:
 *
 * 1. takes the install lock of the data root (not for dry runs), so two
 *    installs never interleave;
 * 2. groups the edits by file (first-appearance order) and reads each file
 *    once (a structured file that does not parse gets one `!` record naming
 *    the file and line, is never written, and the other files go on);
 * 3. applies that file's edits in order, in memory, each yielding one
 *    ChangeRecord (`create | update | skip | remove | warn`);
 * 4. when the text changed: backs the old file up under
 *    `<dataRoot>/backups/`, then writes atomically (temp file + rename,
 *    mode kept) — or deletes the file when it was ours and is now empty;
 * 5. writes the ledgers back (ownership, created paths, configPatch,
 *    memory) atomically.
 *
 * A dry run computes exactly the same records and writes nothing.
 *
 * ## Operations
 *
 * | op | what it does |
 * |---|---|
 * | `json.set` / `json.remove` | an entry we own at a key path (`["mcpServers", id]`; literal keys such as `["amp.mcpServers", id]`) |
 * | `json.item.set` / `json.item.remove` | an item we own in an array matched by fields (`{ id }`) or a predicate (+ `key`) |
 * | `json.items.sync` (also `toml.`, `yaml.`) | exactly the given items of ours in an array (hook groups of one event), found by an `owns` test; `items: []` removes them |
 * | `json.patch` / `json.patch.release` (`toml.patch` / `toml.patch.release` for a TOML table) | a set-if-absent key shared through the configPatch ledger (configPatch, status line) |
 * | `file.set` / `file.remove` | a whole file we own (commands, skills, subagents, hook scripts, plugins); `mode` for scripts; claimed per (platform, scope), see below |
 * | `block.set` / `block.remove` | a managed block `<connectorId>/<name>` in a Markdown memory file; removal takes every block under a prefix (spec §2.4); `head` starts a dedicated file (rules frontmatter) and goes with its last block |
 * | `toml.table.set` / `toml.table.remove` | a table we own (`["mcp_servers", id]`, with its sub-tables) |
 * | `toml.item.set` / `toml.item.remove` | an entry we own of an array of tables (`[[mcp_servers]]` by `{ name }`, `[[hooks]]`) |
 * | `yaml.set` / `yaml.remove` | a map entry we own (`["extensions", id]`) |
 * | `yaml.item.set` / `yaml.item.remove` | an item we own in a sequence matched by fields (`["mcpServers"]` by `{ name }`) |
 *
 * Ownership rules, the same for every entry kind: an absent entry is
 * created and recorded as ours; an equal one is skipped (and recorded); a
 * different one is updated only when our ledger (or the edit's `adopt`
 * test) says it is ours — otherwise it is a `!` and nothing is written.
 * Removal only ever deletes what is ours. Containers we created on the
 * way (`mcpServers` in a fresh file) are removed again once empty, and a
 * file we created is deleted once nothing is left in it, with the folders
 * created for it. A folder that still held something at that moment
 * (another of our files, in whatever order they go) is recorded and swept
 * at the end of every run once it is empty; a folder we did not create is
 * never removed.
 *
 * Whole files that several hosts read (`.agents/skills`, `~/.copilot/*`,
 * `.github/{skills,agents,prompts}`) are claimed, not owned outright: each
 * `file.set` adds the claim of (its platform, `options.scope`); the bytes
 * must agree with every other claim (what `options.peers` says that
 * claimant would write now, else what it wrote last) or the edit is a `!`
 * that writes nothing; each `file.remove` releases one claim and the file
 * is deleted with the last (`=` "kept, … still reads it" before that).
 * The last claim is the last of every connector: before deleting, the
 * ownership ledgers of the other connectors under the data root are read
 * (once per run, only then), and a claim there — adopted or not — keeps
 * the file (`=` "kept, codex (user) of connector beta still reads it"; an
 * unreadable ledger keeps it too, with a `!`). A file that held exactly our
 * bytes before we claimed it is never deleted, unless agent-connector
 * wrote it (the shared created ledger says so: another connector created
 * it) — then it goes with the last claim of all.
 * Entries and our hook items are claimed the same way, for the one case
 * where two installs share them: a host's user and project scope when the
 * project is the home folder. Managed blocks are claimed by their
 * memory-state rows (per platform and scope) and stay until the last goes.
 *
 * ## Guidance for adapters
 *
 * - Call `applyEdits` once per install/upgrade/uninstall with every edit of
 *   every target, in the order the records should print (configPatch keys
 *   last on install, first on uninstall: spec §2.8).
 * - Every record's `detail` starts with the edit's `label` ("MCP server
 *   acme: added"); give one that a user recognises. Records of things the
 *   host cannot take (skip-warn) are made by the caller and merged.
 * - Hook groups: one `json.items.sync` per event with an `owns` test that
 *   recognises our command (`--connector <id>`), so matcher changes leave
 *   nothing stale; uninstall is the same edit with `items: []`.
 * - Self-identifying entries (a server whose command is our home binary)
 *   may pass `adopt` so an uninstall on a machine without our ledger (a
 *   teammate's committed `.mcp.json`) still removes them.
 * - The status line: `json.patch` without a `guard`; configPatch keys:
 *   `json.patch` with `guard: claudeSensitiveKeyViolation` (core/) on
 *   claude-code. Release both with `json.patch.release`.
 * - Values must be what the host should read: references like `${env:X}`
 *   are rendered by the adapter; the engine never expands anything.
 *
 * State written (all under the data root): `backups/` (see
 * `io/backups.ts`, `BACKUP_POLICY` for install's help), `state/install.lock`,
 * `state/config-patches.json`, `state/created-paths.json`,
 * `connectors/<id>/owned.json`, `connectors/<id>/memory-state.json`.
 *
 * @example
 * ```ts ignore
 * import { applyEdits } from "./apply.ts";
 * const { changes } = await applyEdits([
 *   { op: "json.set", platform: "claude-code", file: "/home/u/.claude.json",
 *     path: ["mcpServers", "acme"], value: { command: "acme" }, label: "MCP server acme" },
 *   { op: "file.set", platform: "claude-code", file: "/p/.claude/commands/deploy.md",
 *     content: "Deploy.\n", label: "command /deploy" },
 * ], { dataRoot: "/home/u/.agent-connector", connectorId: "acme", connectorVersion: "1.0.0" });
 * // changes: [{ action: "create", ... }, { action: "create", ... }]
 * ```
 *
 * @module
 */

import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { LinkTargetError, resolveWriteTarget } from "../io/atomic_write.ts";
import { DuplicateKeyError } from "../core/text_format.ts";
import type { ChangeRecord, InstallScope } from "../core/platform_types.ts";
import { withLock } from "../io/lock.ts";
import {
  type ForeignClaim,
  foreignFileClaims,
  ledgerPaths,
  type Ledgers,
  loadLedgers,
  saveLedgers,
} from "../io/ledgers.ts";
import { openJournal, rollBack } from "./journal.ts";
import type { BlockRemoveEdit, Edit } from "./edits.ts";
import { dispatchEdit, formatFamily } from "./_dispatch.ts";
import { errorLine, loadFormat } from "./_doc_format.ts";
import { type FileSession, record, type RunContext } from "./_session.ts";
import { restore, snapshot, sweepLeftoverDirs, writeProblem, writeSession } from "./_write.ts";
import { onlyHead } from "./_op_block.ts";
import type { PeerWant } from "./_claims.ts";

export type { PeerWant } from "./_claims.ts";

/** How to run the engine. */
export interface ApplyOptions {
  /** The framework data root (ledgers, backups, lock). */
  dataRoot: string;
  /** The connector acting. */
  connectorId: string;
  /** Its version (recorded on configPatch ownership). */
  connectorVersion: string;
  /** Compute the records without writing anything. */
  dryRun?: boolean;
  /** Overwrite hand-edited managed blocks and owned files, after a backup. */
  force?: boolean;
  /** The run's time (tests pin it). */
  now?: Date;
  /** How long to wait for another install's lock. */
  lockWaitMs?: number;
  /**
   * The caller holds the install lock already, rolled back an interrupted
   * run (install/journal.ts `rollBack`) and planned `edits` from what it
   * read under the lock, so no other run changed the files in between.
   */
  locked?: boolean;
  /**
   * The scope of the host install this run is for: a whole file is claimed
   * per (platform, scope), so one host's two scopes sharing a file (a
   * project that is the home folder) release it independently.
   */
  scope?: InstallScope;
  /**
   * What the other claimants of the shared whole files in `edits` would
   * write now (the pipeline renders their plans); a claimant not listed is
   * taken to want what it wrote last.
   */
  peers?: readonly PeerWant[];
  /**
   * Ledgers to use instead of reading them (a dry run over several hosts
   * chains them in memory); never written back by a dry run.
   */
  ledgers?: Ledgers;
}

/** What a run did. */
export interface ApplyResult {
  /** One record per edit (or one `!` per unreadable file), in edit order. */
  changes: ChangeRecord[];
  /** Backups taken, one per changed pre-existing file. */
  backups: string[];
}

// ignoreBOM keeps a leading BOM in the text (the default would silently drop it on write).
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function openSession(path: string): FileSession {
  let original: string | undefined;
  let currentMode: number | undefined;
  // Most files a first install touches are absent. Deno's statSync builds
  // (and drops) a NotFound error even with throwIfNoEntry: false; existsSync
  // answers without one, and a file gone between the two is still "absent".
  const st = existsSync(path) ? statSync(path, { throwIfNoEntry: false }) : undefined;
  // A link that loops or dangles into a missing folder cannot be written
  // without replacing it: refused here, before any edit (#19).
  if (!st) resolveWriteTarget(path);
  if (st) {
    currentMode = st.mode & 0o7777;
    try {
      original = STRICT_UTF8.decode(readFileSync(path));
    } catch (err) {
      if ((err as { code?: string }).code !== "ENOENT") throw err; // gone since the stat
    }
  }
  return { path, original, text: original, currentMode, removedSomething: false, broken: false };
}

function readProblem(err: unknown): string {
  if (err instanceof LinkTargetError) return linkProblem(err);
  const code = (err as { code?: string }).code;
  if (code === "EISDIR") return "is a directory";
  if (code === "EACCES" || code === "EPERM") return "cannot be read (permission denied)";
  if (err instanceof TypeError) return "is not UTF-8 text";
  return `cannot be read (${(err as Error).message})`;
}

/** What is wrong with a link and what to do, after the path the record starts with. */
function linkProblem(err: LinkTargetError): string {
  const fix = err.code === "ELOOP"
    ? "Point the link at a file (or replace it with one)"
    : `Create ${dirname(err.target!)} (or point the link elsewhere)`;
  return `${err.message.slice(err.path.length + 1)}; left unchanged. ${fix}, ` +
    "then run the command again.";
}

/**
 * Applies declared edits. See the module documentation for the contract.
 *
 * @param edits The edits, in the order their records should appear.
 * @param options Data root, connector, dry run, force.
 * @returns One ChangeRecord per edit, and the backups taken.
 */
export function applyEdits(edits: readonly Edit[], options: ApplyOptions): Promise<ApplyResult> {
  const run = () => applyUnlocked(edits, options);
  return options.dryRun || options.locked
    ? run()
    : withLock(options.dataRoot, run, options.lockWaitMs);
}

async function applyUnlocked(edits: readonly Edit[], o: ApplyOptions): Promise<ApplyResult> {
  // A run that died mid-way is rolled back first (we hold the lock, so it
  // is not running), before the ledgers are read; this run's own intent is
  // journaled as it goes. A caller that holds the lock rolled back already.
  const healed = o.dryRun || o.locked ? [] : rollBack(o.dataRoot);
  let foreign: ForeignClaim[] | undefined;
  const ctx: RunContext = {
    connectorId: o.connectorId,
    connectorVersion: o.connectorVersion,
    force: o.force ?? false,
    now: (o.now ?? new Date()).toISOString(),
    ledgers: o.ledgers ?? loadLedgers(o.dataRoot, o.connectorId),
    ...(o.scope ? { scope: o.scope } : {}),
    ...(o.peers ? { peers: o.peers } : {}),
    // Other connectors' ledgers cannot change while we hold the lock: read them once, when needed.
    foreignClaims: (file) =>
      (foreign ??= foreignFileClaims(o.dataRoot, o.connectorId)).filter((c) =>
        c.unreadable !== undefined || c.record!.file === file
      ),
  };
  const groups = new Map<string, Edit[]>();
  for (const e of edits) {
    const key = resolve(e.file);
    const list = groups.get(key) ?? [];
    list.push(e);
    groups.set(key, list);
  }
  const changes: ChangeRecord[] = [...healed];
  const journal = o.dryRun ? undefined : openJournal(o.dataRoot, o.connectorId, ctx.now);
  const backups: string[] = [];
  for (const [path, group] of groups) {
    let s: FileSession;
    try {
      s = openSession(path);
    } catch (err) {
      const problem = readProblem(err);
      const detail = problem.includes("; left unchanged.")
        ? problem
        : `${problem}; left unchanged.`;
      changes.push(record(group[0].platform, "warn", path, `${path} ${detail}`));
      continue;
    }
    const families = new Set(group.map(formatFamily).filter((f) => f !== undefined));
    for (const family of families) {
      if (s.original === undefined) continue;
      const fmt = await loadFormat(family!);
      try {
        fmt.check(s.original);
      } catch (err) {
        const line = errorLine(err);
        const why = (err as Error).message.replace(/^line \d+: /, "");
        changes.push(record(
          group[0].platform,
          "warn",
          path,
          err instanceof DuplicateKeyError
            ? `${path}: line ${line}: ${why}, and the host reads only one of them; left ` +
              "unchanged. Merge the two into one, then run the command again."
            : `${path}${
              line ? `: line ${line}` : ""
            }: not valid ${fmt.name} (${why}); left unchanged. ` +
              `Fix the file, then run the command again.`,
        ));
        s.broken = true;
      }
    }
    if (s.broken) continue;
    // The ledgers as they were, to undo this file's changes when its write
    // fails; a dry run writes nothing, so it needs no copy.
    const before = o.dryRun ? "" : snapshot(ctx.ledgers);
    const records = [];
    for (const e of group) records.push(await dispatchEdit(e, s, ctx));
    await finalizeEmpty(s, ctx, group);
    if (!o.dryRun) {
      try {
        const backup = writeSession(s, ctx, { ...o, journal });
        if (backup) backups.push(backup);
      } catch (err) {
        // Nothing of this file changed on disk, so its ledger changes are undone too.
        restore(ctx.ledgers, before);
        changes.push(
          record(group[0].platform, "warn", path, `${path} ${writeProblem(err)}; left unchanged.`),
        );
        continue;
      }
    }
    changes.push(...records);
  }
  if (journal) {
    sweepLeftoverDirs(ctx);
    journal.ledgers(ledgerPaths(o.dataRoot, o.connectorId));
    saveLedgers(o.dataRoot, o.connectorId, ctx.ledgers);
    journal.close();
  }
  return { changes, backups };
}

/** A file we created goes once an uninstall left nothing in it. */
async function finalizeEmpty(s: FileSession, ctx: RunContext, group: Edit[]): Promise<void> {
  if (!s.removedSomething || s.text === undefined) return;
  if (!ctx.ledgers.created.files[s.path]?.createdFile) return;
  const family = group.map(formatFamily).find((f) => f !== undefined);
  const head = group.find((e): e is BlockRemoveEdit => e.op === "block.remove" && !!e.head)?.head;
  const empty = family
    ? (await loadFormat(family)).isEmpty(s.text)
    : s.text.trim() === "" || (head !== undefined && onlyHead(s.text, head));
  if (empty) s.text = undefined;
}
