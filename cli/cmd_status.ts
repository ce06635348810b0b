/**
 * `status`: a glanceable, read-only summary of which connectors each
 * detected host has (server ✓ / hooks ✓). Always exits 0 — it describes,
 * never gates.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { UsageError } from "./_errors.ts";
import { reportError } from "./run.ts";
import { boolFlag, parseCommandArgs, scopeFlag, stringFlag } from "./_args.ts";
import { dataRoot } from "../io/data_root.ts";
import { type InstallRow, listConnectorIds, readConnectorRecord } from "../io/connector_record.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import {
  isConfigHookSurface,
  scopePath,
  scopeTargets,
  serverSurfaceFor,
} from "../adapters/descriptor.ts";
import { detectHosts } from "../install/detect.ts";
import { diskProbe } from "../install/context.ts";
import { readStructured, valueAt } from "../install/_read_structured.ts";
import { errorLine, loadFormat } from "../install/_doc_format.ts";
import type { DataFormat } from "../adapters/descriptor.ts";
import { isOurHookItem } from "../install/plan_hooks.ts";
import { hookFileTexts } from "../install/plan_hook_files.ts";
import { loadForCommand, projectDirOf } from "./_install_common.ts";
import { isOwnedCommand } from "../adapters/render/command_line.ts";
import { checkJournal } from "../install/doctor_journal.ts";

import { marketplaceRows } from "../marketplace/engine.ts";
/** Help text. */
export const help: string =
  `Usage: agent-connector status [--connector <path>] [--scope user|project] [--project <dir>] [--json]

One line per detected host: which connectors it has, with their MCP server
and hooks present or not. Read-only, and always exits 0 (use doctor to check).

Flags:
  --connector <path>     only the connector of this config (default: every registered one)
  --scope user|project   which scope's config files to read (default user)
  --project <dir>        the project for project scope (default: the current directory)
  --json                 print one row per host as JSON

Example:
  agent-connector status --scope project
`;

interface Row {
  host: string;
  scope: string;
  connectors: Array<{ id: string; server: boolean; hooks: boolean }>;
  /** Config files that do not parse: what is shown for them is a guess. */
  unreadable?: string[];
}

/**
 * Runs the command. A wrong invocation is a usage error (exit 2); anything
 * else that goes wrong is said on stderr and still exits 0.
 */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const rows: Row[] = [];
  const parsed = parseCommandArgs("status", args, {
    connector: { type: "string" },
    scope: { type: "string" },
    project: { type: "string" },
    json: { type: "boolean" },
  });
  const json = boolFlag(parsed, "json");
  const scope = scopeFlag(parsed, "status") ?? "user";
  try {
    const projectDir = projectDirOf(parsed, ctx);
    const pctx = { home: ctx.machine.home, env: ctx.machine.env, os: ctx.machine.os, projectDir };
    let ids = listConnectorIds(dataRoot(ctx.machine));
    if (stringFlag(parsed, "connector") || ctx.brand.connectorPath) {
      ids = [(await loadForCommand(parsed, ctx, projectDir)).connector.id];
    }
    const root = dataRoot(ctx.machine);
    const installs = new Map(ids.map((id) => [id, readConnectorRecord(root, id)?.installs ?? []]));
    const adapters = await loadAllAdapters();
    const installed = detectHosts(adapters, scope, pctx).filter((d) => d.installed);
    for (const d of installed) {
      const a = adapters.find((x) => x.id === d.id)!;
      const server = a.server && serverSurfaceFor(a.server, scope);
      const serverFile = scopePath(server?.paths, scope, pctx);
      const hookFile = scopePath(a.hooks?.paths, scope, pctx);
      const servers = serverFile && server
        ? valueAt(
          await readStructured(diskProbe, serverFile, server.format),
          server.collection.at,
        )
        : undefined;
      const configHooks = a.hooks && isConfigHookSurface(a.hooks) ? a.hooks : undefined;
      const hookMap = hookFile && configHooks
        ? valueAt(await readStructured(diskProbe, hookFile, configHooks.format), configHooks.at)
        : undefined;
      // Hook files (Cline's scripts) count only when every folder the host's
      // runtimes read holds them.
      const hookFolders = a.hooks && !configHooks
        ? scopeTargets(a.hooks.paths, scope, pctx).map(hookFileTexts)
        : [];
      // An event-list surface (Kimi) keeps every event's entries in one array.
      const hookItems = Array.isArray(hookMap)
        ? hookMap
        : hookMap && typeof hookMap === "object"
        ? Object.values(hookMap as Record<string, unknown>).flatMap((v) =>
          Array.isArray(v) ? v : []
        )
        : [];
      const unreadable = [];
      for (
        const [file, format] of [[serverFile, server?.format], [hookFile, configHooks?.format]]
      ) {
        const problem = file && format ? await parseProblem(file, format as DataFormat) : undefined;
        if (problem) unreadable.push(problem);
      }
      rows.push({
        host: d.id,
        scope,
        ...(unreadable.length ? { unreadable } : {}),
        // Only the connectors present here (spec §3): found in the host's files, or
        // recorded as installed here (a content-only connector, or one whose entries
        // were removed by hand — then it shows ✗ ✗).
        connectors: ids.map((id) => ({
          id,
          server: hasServer(servers, id, server?.collection.keyField),
          hooks: hookItems.some((item) => isOurHookItem(item, id)) ||
            (hookFolders.length > 0 &&
              hookFolders.every((texts) => texts.some((text) => isOwnedCommand(text, id)))),
        })).filter((c) =>
          c.server || c.hooks ||
          recordedHere(installs.get(c.id) ?? [], d.id, scope, projectDir)
        ),
      });
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // Describes, never gates: the reason goes to stderr and the exit stays 0.
    reportError(error, ctx);
    return 0;
  }
  // Connectors installed through the host's own plugin command (install --method marketplace).
  const plugins = marketplaceRows(ctx.machine);
  for (const r of rows) {
    const here = plugins.filter((p) => p.host === r.host && r.scope === "user");
    if (here.length) {
      (r as { plugins?: unknown[] }).plugins = here.map((p) => ({
        id: p.connectorId,
        plugin: p.pluginRef,
        version: p.version,
      }));
    }
  }
  if (json) ctx.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (!rows.length) ctx.stdout.write("No supported host detected.\n");
  else {
    for (const r of rows) {
      const parts = r.connectors.map((c) =>
        `${c.id}: server ${c.server ? "✓" : "✗"} hooks ${c.hooks ? "✓" : "✗"}`
      );
      for (const p of plugins.filter((p) => p.host === r.host && r.scope === "user")) {
        parts.push(`${p.connectorId}: plugin ${p.pluginRef} ${p.version}`);
      }
      ctx.stdout.write(`${r.host} (${r.scope})  ${parts.join("; ") || "no connectors"}\n`);
      for (const problem of r.unreadable ?? []) ctx.stdout.write(`  ! ${problem}\n`);
    }
  }
  // What the rows show may be half of an install that died mid-way (#19).
  for (const f of json ? [] : checkJournal(ctx.machine).filter((f) => f.status !== "pass")) {
    ctx.stdout.write(`! ${f.message}\n  fix: ${f.fix}\n`);
  }
  return 0;
}

/** True when the connector's record lists an install on `host` in this scope (and project). */
function recordedHere(
  rows: InstallRow[],
  host: string,
  scope: string,
  projectDir: string,
): boolean {
  return rows.some((r) =>
    r.platform === host && r.scope === scope &&
    (scope === "user" || r.projectDir === undefined || r.projectDir === projectDir)
  );
}

/** Why a host config file does not parse (`<file>: line N: not valid JSON (…)`), if it does not. */
async function parseProblem(file: string, format: DataFormat): Promise<string | undefined> {
  const text = diskProbe.readText(file);
  if (text === undefined) return undefined;
  const fmt = await loadFormat(format === "jsonc" ? "json" : format);
  try {
    fmt.check(text);
    return undefined;
  } catch (err) {
    const line = errorLine(err);
    const why = (err as Error).message.replace(/^line \d+: /, "");
    return `${file}${line ? `: line ${line}` : ""}: not valid ${fmt.name} (${why}); ` +
      "install and uninstall leave it alone until it is fixed";
  }
}

function hasServer(servers: unknown, id: string, keyField?: string): boolean {
  if (Array.isArray(servers)) {
    return servers.some((s) => (s as Record<string, unknown>)?.[keyField ?? "name"] === id);
  }
  return !!servers && typeof servers === "object" && id in (servers as Record<string, unknown>);
}
