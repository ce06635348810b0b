/**
 * The shared adapter conformance suite (STYLE: one contract, one suite):
 * every host's test calls {@link testAdapter}. It installs a connector that
 * declares all 13 events and every surface into a temporary HOME and
 * project, then checks the contracts of DESIGN §4 for that host:
 *
 * 1. nothing is dropped silently: each declared event and item (command,
 *    skill, subagent, memory, status line, configPatch key, native hook,
 *    action) yields exactly one record, either written or a `!` naming the
 *    host with a reason;
 * 2. a second install writes nothing (only `=`);
 * 3. uninstall gives every pre-existing file back byte for byte and removes
 *    every file and folder it created;
 * 4. scopes are exact: `user` writes only under HOME, `project` only under
 *    the project (framework state under the data root aside);
 * 5. the hook dialect answers every event the host fires without throwing.
 *
 * @module
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChangeRecord } from "../../core/platform_types.ts";
import { HOOK_EVENT_NAMES } from "../../core/hook_types.ts";
import type { ResolvedConnector } from "../../core/connector_types.ts";
import { defineConnector } from "../../core/define_connector.ts";
import type { HostAdapter } from "../../adapters/descriptor.ts";
import { loadDialect } from "../../adapters/registry.ts";
import { installConnector, type RunOptions, uninstallConnector } from "../../install/pipeline.ts";
import { listDirs, snapshotTree } from "../_helpers/tree.ts";

/** What a host's test passes. */
export interface AdapterSuiteOptions {
  /** Files to seed the temporary HOME with (copied from this folder), so installs meet real files. */
  seedHome?: string;
  /** Files to seed the project with. */
  seedProject?: string;
}

const DATA = ".agent-connector";

/** A connector declaring every event and surface, with host-scoped escape hatches for `host`. */
export function universalConnector(host: string): ResolvedConnector {
  const handler = () => ({ decision: "context" as const, additionalContext: "conformance" });
  return {
    ...defineConnector({
      id: "conformance",
      version: "1.0.0",
      server: {
        transport: "stdio",
        command: "conformance-mcp",
        args: ["--stdio"],
        env: { TOKEN: "${env:CONF_TOKEN}" },
      },
      hooks: Object.fromEntries(
        HOOK_EVENT_NAMES.map((
          e,
        ) => [e, e === "PreToolUse" ? { matcher: "Bash|Write", handler } : { handler }]),
      ),
      commands: ["conf-cmd", "conf-cmd-2"].map((name) => ({
        name,
        description: "A command",
        prompt: "Do the thing.",
      })),
      skills: ["conf-skill", "conf-skill-2"].map((name) => ({
        name,
        description: "Does things. Use when asked.",
        body: "Steps.",
        resources: { "ref/notes.md": "notes\n" },
      })),
      subagents: ["conf-agent", "conf-agent-2"].map((name) => ({
        name,
        description: "An agent",
        prompt: "You are an agent.",
      })),
      memory: [{ content: "Conformance memory." }],
      statusline: { render: () => "conformance" },
      actions: [{ id: "conf-action", run: () => undefined }],
      platforms: {
        [host]: {
          nativeHooks: { ConformanceNativeEvent: { handler: () => ({ ok: true }) } },
          configPatch: [{
            key: "env.AGENT_CONNECTOR_CONFORMANCE",
            value: "1",
            reason: "conformance test",
          }],
        },
      },
    }),
    id: "conformance",
    displayName: "conformance",
  };
}

function sandbox(opts: AdapterSuiteOptions) {
  const base = mkdtempSync(join(tmpdir(), "ac-conf-"));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  if (opts.seedHome) cpSync(opts.seedHome, home, { recursive: true });
  if (opts.seedProject) cpSync(opts.seedProject, project, { recursive: true });
  return { base, home, project };
}

function runOptions(
  home: string,
  project: string,
  scope: "user" | "project",
  host: string,
): RunOptions {
  return {
    machine: { home, env: { HOME: home }, os: "linux", cwd: project },
    projectDir: project,
    scope,
    targets: [host as never],
    dryRun: false,
    force: false,
  };
}

/** One declared item: the record that is its own, or the one `!` that speaks for its kind. */
interface Item {
  what: string;
  own: RegExp;
  group?: RegExp;
}

/** Every item the universal connector declares, besides its hook events. */
function declaredItems(connector: ResolvedConnector): Item[] {
  const each = (kind: string, plural: string, names: string[]): Item[] =>
    names.map((name) => ({
      what: `${kind} ${name}`,
      // A note about one field of a written item (`command x: description
      // not written — …`) is not the item's own record.
      own: new RegExp(`^${kind} ${name}: (?![\\w.]+ not written)`),
      group: new RegExp(`^${plural}: ${names.length} not installed — `),
    }));
  return [
    {
      what: "server",
      own:
        /^MCP server conformance: |^[A-Za-z ]+ has no project-scope MCP config; server not registered$/,
    },
    ...each("command", "commands", connector.commands.map((c) => c.name)),
    ...each("skill", "skills", connector.skills.map((c) => c.name)),
    ...each("subagent", "subagents", connector.subagents.map((c) => c.name)),
    {
      what: "memory",
      own: /^memory conformance\/memory: /,
      group: /^memory: 1 block\(s\) not installed — /,
    },
    // The status line's record is labeled with its key, dotted when nested (`ui.statusLine`).
    {
      what: "statusline",
      own: /^(configPatch )?([\w]+\.)*status_?line: |^statusline: (?!option )/i,
    },
    { what: "configPatch", own: /^configPatch env\.AGENT_CONNECTOR_CONFORMANCE: / },
    {
      what: "native hook",
      own: /^native hook ConformanceNativeEvent\b|ConformanceNativeEvent: /,
      group: /^native hooks: 1 skipped — /,
    },
    ...connector.actions.map((a) => ({
      what: `action ${a.id}`,
      own: new RegExp(`^action ${a.id}: `),
    })),
  ];
}

/**
 * Asserts that install's records for the universal connector speak for
 * every declared item on `adapter`, each exactly once and naming the host:
 * one record per hook event, command, skill, subagent, memory block, status
 * line, configPatch key, native hook and action — written or a `!` with a
 * reason (a kind the host has no place for may be one `!` counting them
 * all) — never dropped, never reported twice.
 */
export function assertEveryItemReported(adapter: HostAdapter, records: ChangeRecord[]): void {
  for (const r of records) {
    assert.equal(r.platform, adapter.id, `record names the host: ${r.detail}`);
  }
  for (const event of HOOK_EVENT_NAMES) {
    const about = records.filter((r) => new RegExp(`^hook ${event}\\b`).test(r.detail));
    assert.equal(
      about.length,
      1,
      `${event} has exactly one record: ${JSON.stringify(about)}`,
    );
  }
  for (const item of declaredItems(universalConnector(adapter.id))) {
    const own = records.filter((r) => item.own.test(r.detail));
    const group = item.group ? records.filter((r) => item.group!.test(r.detail)) : [];
    const about = [...own, ...group].map((r) => `${r.action} ${r.detail}`);
    assert.equal(about.length, 1, `${item.what} has exactly one record: ${JSON.stringify(about)}`);
    if (own[0]?.action === "warn" || group.length) {
      assert.match(about[0], / — |; /, `${item.what}: the ! gives a reason`);
    }
  }
}

/** Registers the conformance tests for `adapter`. */
export function testAdapter(adapter: HostAdapter, opts: AdapterSuiteOptions = {}): void {
  const connector = universalConnector(adapter.id);
  const loaded = { connector, modulePath: "/conformance/agent-connector.config.mjs" };

  for (const scope of ["user", "project"] as const) {
    test(`${adapter.id} (${scope}): every declared event and surface is written or reported, never dropped`, async () => {
      const box = sandbox(opts);
      try {
        const result = await installConnector(
          loaded,
          runOptions(box.home, box.project, scope, adapter.id),
        );
        assertEveryItemReported(adapter, result.hosts.flatMap((h) => h.records));
      } finally {
        rmSync(box.base, { recursive: true, force: true });
      }
    });

    test(`${adapter.id} (${scope}): re-install writes nothing and uninstall restores every byte`, async () => {
      const box = sandbox(opts);
      try {
        const homeBefore = snapshotTree(box.home);
        const projectBefore = snapshotTree(box.project);
        const dirs = [listDirs(box.home), listDirs(box.project)];
        const o = runOptions(box.home, box.project, scope, adapter.id);
        await installConnector(loaded, o);
        if (scope === "user") {
          assert.deepEqual(
            snapshotTree(box.project),
            projectBefore,
            "user scope wrote under the project",
          );
        } else {assert.deepEqual(
            snapshotTree(box.home, [DATA]),
            homeBefore,
            "project scope wrote under HOME",
          );}
        const again = await installConnector(loaded, o);
        for (const r of again.changes) {
          // A `!` for what the host cannot take repeats on every run; an
          // engine conflict would also mark the run failed.
          assert.ok(
            r.action === "skip" || (r.action === "warn" && !again.failed),
            `second install: ${r.action} ${r.detail}`,
          );
        }
        const rows = [{
          platform: adapter.id,
          scope,
          ...(scope === "project" ? { projectDir: box.project } : {}),
        }];
        const removed = await uninstallConnector(connector.id, connector, rows, o);
        assert.equal(removed.failed, false, removed.changes.map((c) => c.detail).join("\n"));
        assert.deepEqual(snapshotTree(box.home, [DATA]), homeBefore, "HOME restored byte for byte");
        assert.deepEqual(
          snapshotTree(box.project),
          projectBefore,
          "project restored byte for byte",
        );
        assert.deepEqual(
          [listDirs(box.home, [DATA]), listDirs(box.project)],
          dirs,
          "created folders removed",
        );
        const twice = await uninstallConnector(connector.id, undefined, rows, o);
        for (const r of twice.changes) {
          assert.notEqual(r.action, "remove", `second uninstall removed ${r.detail}`);
        }
      } finally {
        rmSync(box.base, { recursive: true, force: true });
      }
    });
  }

  test(`${adapter.id}: the hook dialect answers every event it fires, with any payload`, async () => {
    const dialect = await loadDialect(adapter.id);
    const fired = HOOK_EVENT_NAMES.filter((e) => adapter.hooks?.events[e]);
    if (fired.length) assert.ok(dialect, "a host that fires hooks has a dialect");
    for (const event of fired) {
      for (const raw of [{}, { tool_name: 5, tool_input: "x", session_id: null }]) {
        const parsed = dialect!.parse(event, raw);
        assert.equal(typeof parsed.sessionId, "string");
        for (const decision of [undefined, "allow", "deny", "ask", "modify", "context"] as const) {
          const reply = dialect!.format(
            event,
            decision
              ? { decision, reason: "r", additionalContext: "c", updatedInput: {} }
              : undefined,
          );
          assert.equal(typeof reply.stdout, "string");
          assert.equal(
            typeof dialect!.judge(event, decision ? { decision } : undefined, reply).honored,
            "boolean",
          );
        }
      }
    }
  });
}
