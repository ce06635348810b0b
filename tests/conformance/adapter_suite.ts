/**
 * The shared adapter conformance suite (STYLE: one contract, one suite):
 * every host's test calls {@link testAdapter}. It installs a connector that
 * declares all 13 events and every surface into a temporary HOME and
 * project, then checks the contracts of DESIGN §4 for that host:
 *
 * 1. nothing is dropped silently: each declared event yields exactly one
 *    record and each surface at least one, either written or a `!` naming
 *    the host;
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
      commands: [{ name: "conf-cmd", description: "A command", prompt: "Do the thing." }],
      skills: [{
        name: "conf-skill",
        description: "Does things. Use when asked.",
        body: "Steps.",
        resources: { "ref/notes.md": "notes\n" },
      }],
      subagents: [{ name: "conf-agent", description: "An agent", prompt: "You are an agent." }],
      memory: [{ content: "Conformance memory." }],
      statusline: { render: () => "conformance" },
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
    host: { home, env: { HOME: home }, os: "linux", cwd: project },
    projectDir: project,
    scope,
    targets: [host as never],
    dryRun: false,
    force: false,
  };
}

/** Declared item → a record that speaks for it. */
function recordFor(records: ChangeRecord[], pattern: RegExp): ChangeRecord | undefined {
  return records.find((r) => pattern.test(r.detail));
}

/**
 * Asserts that install's records for the universal connector speak for
 * every declared item on `adapter`: exactly one record per hook event and at
 * least one per surface, each naming the host — written or a `!`, never
 * dropped.
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
  const surfaces: Array<[string, RegExp]> = [
    ["server", /^MCP server |^[A-Za-z ]+ has no project-scope MCP config; server not registered$/],
    ["commands", /^command |^commands:/],
    ["skills", /^skill |^skills:/],
    ["subagents", /^subagent |^subagents:/],
    ["memory", /^memory[: ]/],
    ["statusline", /statusLine|^statusline:/i],
    ["configPatch", /configPatch env\.AGENT_CONNECTOR_CONFORMANCE/],
    ["nativeHooks", /ConformanceNativeEvent|^native hooks:/],
  ];
  for (const [surface, pattern] of surfaces) {
    assert.ok(recordFor(records, pattern), `${surface} has a record`);
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
