/**
 * `agent-connector telemetry <report|export|leaderboard>` — per-tool token
 * telemetry recorded by `serve` and hooks (spec §3). Reads
 * `<dataRoot>/telemetry/` only (plus, for `--by surface`, the registered
 * connectors' modules). Under Deno: `--allow-read --allow-env --allow-sys`,
 * and `--allow-write` for `--out` and to keep rollups.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CliContext } from "./_context.ts";
import { boolFlag, listFlag, parseCommandArgs, stringFlag } from "./_args.ts";
import { UsageError } from "./_errors.ts";
import { writeOutFile } from "./_out_file.ts";
import { parseSince } from "../core/since.ts";
import { dataRoot } from "../io/data_root.ts";
import { TELEMETRY_SCOPES, type TelemetryScope } from "../telemetry/rows.ts";
import type { RowFilter } from "../telemetry/store.ts";
import { info, warn } from "./_log.ts";

/** Help text. */
export const help: string = `Usage: agent-connector telemetry <report|export|leaderboard> [flags]

Per-tool token telemetry of your connectors, measured by the serve proxy on
the server's own bytes (and one row per hook dispatch). Aggregate counts
only — never arguments or results.

Subcommands:
  report        ranked footprint --by tool|session|project (default tool)
  export        the stored rows: --format csv|json (default json), --out <file>
  leaderboard   which MCP costs the most: --by mcp|tool|surface (default mcp);
                surface adds the static command/skill/subagent footprints

Flags:
  --by <axis>           grouping (report, leaderboard)
  --since <window>      only the last Ns, Nm, Nh or Nd (for example 24h)
  --connector <id>      only this connector (a branded CLI: its own unless given)
  --scope <scopes>      only these row scopes, comma-separated: call, tool_defs,
                        model_turn, hook (default: call,tool_defs,hook; the mcp
                        and tool boards: call,tool_defs)
  --format <csv|json>   export format
  --out <file>          write the export to a file instead of stdout
  --json                machine-readable output (report, leaderboard)

Examples:
  agent-connector telemetry report --since 7d
  agent-connector telemetry report --by session --connector acme-db --json
  agent-connector telemetry leaderboard --by surface
  agent-connector telemetry export --format csv --out telemetry.csv
`;

const FLAGS = {
  by: { type: "string" },
  since: { type: "string" },
  connector: { type: "string" },
  scope: { type: "string" },
  format: { type: "string" },
  out: { type: "string" },
  json: { type: "boolean" },
} as const;

/** Parses `--scope` as a list of row scopes. */
export function parseScopes(
  value: string[] | undefined,
  command: string,
): TelemetryScope[] | undefined {
  if (value === undefined) return undefined;
  for (const s of value) {
    if (!(TELEMETRY_SCOPES as readonly string[]).includes(s)) {
      throw new UsageError(
        `${command}: --scope must list ${TELEMETRY_SCOPES.join(", ")}; got "${s}"`,
      );
    }
  }
  return value as TelemetryScope[];
}

/** Parses `--since` into an ISO lower bound. */
export function sinceIso(
  value: string | undefined,
  command: string,
  now: number = Date.now(),
): string | undefined {
  try {
    const ms = parseSince(value, now);
    return ms === undefined ? undefined : new Date(ms).toISOString();
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}`);
  }
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("telemetry", args, FLAGS, {
    min: 1,
    max: 1,
    names: "<report|export|leaderboard>",
  });
  const sub = parsed.positionals[0];
  if (sub !== "report" && sub !== "export" && sub !== "leaderboard") {
    throw new UsageError(
      `telemetry: unknown subcommand "${sub}" (use report, export or leaderboard)`,
    );
  }
  const command = `telemetry ${sub}`;
  const { REPORT_BY, LEADERBOARD_BY } = await import("../telemetry/report.ts");
  const axes: readonly string[] = sub === "report" ? REPORT_BY : LEADERBOARD_BY;
  const by = stringFlag(parsed, "by") ?? (sub === "report" ? "tool" : "mcp");
  if (sub !== "export" && !axes.includes(by)) {
    throw new UsageError(`${command}: --by must be one of ${axes.join(", ")}, got "${by}"`);
  }
  const format = stringFlag(parsed, "format") ?? "json";
  if (sub === "export" && format !== "csv" && format !== "json") {
    throw new UsageError(`${command}: --format must be csv or json, got "${format}"`);
  }
  const scopes = parseScopes(listFlag(parsed, "scope"), command);
  const boardScopes: TelemetryScope[] = sub === "leaderboard" && by !== "surface"
    ? ["call", "tool_defs"]
    : ["call", "tool_defs", "hook"];
  const named = stringFlag(parsed, "connector");
  // A branded CLI auto-scopes to its own connector; --connector overrides (spec §8).
  const own = named === undefined
    ? await (await import("./_brand_connector.ts")).brandConnectorId(ctx)
    : undefined;
  const filter: RowFilter = {
    since: sinceIso(stringFlag(parsed, "since"), command),
    connectorId: named ?? own,
    scopes: scopes ?? (sub === "export" ? undefined : boardScopes),
  };
  const root = dataRoot(ctx.machine);
  const json = boolFlag(parsed, "json");
  // With a filter, no rows is no match, not an empty store.
  const given = (["since", "connector", "scope"] as const).flatMap((f) => {
    const v = stringFlag(parsed, f);
    return v === undefined ? [] : [`--${f} ${v}`];
  });
  const empty = given.length
    ? `No telemetry matches ${given.join(" ")}${own ? ` for ${own}` : ""}.`
    : `No telemetry recorded yet${own ? ` for ${own}` : ""}.`;

  if (sub === "export") {
    const { readTelemetryRows } = await import("../telemetry/read.ts");
    const { rowsToCsv, rowsToJson } = await import("../telemetry/export.ts");
    const { data: rows, warnings } = await readTelemetryRows(root, filter);
    for (const w of warnings) warn(ctx, w);
    const text = format === "csv" ? rowsToCsv(rows) : rowsToJson(rows);
    const out = stringFlag(parsed, "out");
    if (!out) {
      ctx.stdout.write(text);
      return 0;
    }
    const path = resolve(ctx.machine.cwd, out);
    writeOutFile(path, text);
    info(ctx, `wrote ${rows.length} rows to ${path}`);
    return 0;
  }

  const { readTelemetryGroups } = await import("../telemetry/read.ts");
  const report = await import("../telemetry/report.ts");
  const render = await import("../telemetry/render.ts");
  const { data: groups, warnings } = await readTelemetryGroups(root, filter);
  for (const w of warnings) warn(ctx, w);
  const meta = { by, since: filter.since ?? null, scopes: filter.scopes ?? null };

  if (sub === "report") {
    const rows = report.telemetryReport(groups, by as "tool" | "session" | "project");
    if (json) ctx.stdout.write(JSON.stringify({ ...meta, rows }, null, 2) + "\n");
    else ctx.stdout.write(render.renderRanked(rows, "rows", empty));
    return 0;
  }
  if (by === "mcp" || by === "tool") {
    const rows = by === "mcp" ? report.mcpBoard(groups) : report.toolBoard(groups);
    if (json) ctx.stdout.write(JSON.stringify({ ...meta, rows }, null, 2) + "\n");
    else ctx.stdout.write(render.renderRanked(rows, "rows", empty));
    return 0;
  }
  const runtime = report.runtimeSurfaceBoard(groups);
  const { footprints, problems } = await staticFootprints(root, filter.connectorId);
  for (const p of problems) warn(ctx, p);
  if (json) {
    ctx.stdout.write(JSON.stringify({ ...meta, runtime, static: footprints }, null, 2) + "\n");
    return 0;
  }
  ctx.stdout.write("Runtime surfaces (server calls and tool definitions, hooks):\n");
  ctx.stdout.write(render.renderRanked(runtime, "rows", empty));
  ctx.stdout.write("\nStatic surfaces (tokens per turn, and when used):\n");
  ctx.stdout.write(render.renderFootprints(footprints));
  return 0;
}

/** Loads the registered connectors (or one) and measures their content surfaces. */
async function staticFootprints(root: string, only: string | undefined) {
  const { listConnectorIds } = await import("../io/connector_record.ts");
  const { loadRegisteredConnector } = await import("../runtime/connector_module.ts");
  const { contentFootprints } = await import("../telemetry/footprint.ts");
  const { countText, loadO200k } = await import("../telemetry/tokenizer.ts");
  const count = await loadO200k();
  const ids = only ? [only] : listConnectorIds(root);
  const footprints = [];
  const problems: string[] = [];
  for (const id of ids) {
    try {
      const loaded = await loadRegisteredConnector(root, id, readTextOrUndefined);
      if (!loaded) {
        problems.push(`connector "${id}" is not registered: no static footprint`);
        continue;
      }
      footprints.push(...contentFootprints(loaded.connector, (t) => countText(count, t).tokens));
    } catch (error) {
      problems.push(`connector "${id}": cannot load its module: ${(error as Error).message}`);
    }
  }
  return { footprints, problems };
}

function readTextOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
