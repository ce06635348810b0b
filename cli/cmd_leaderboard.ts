/**
 * `agent-connector leaderboard` (spec §3, "leaderboard (unified)"): three
 * origin-labeled boards that measure different things and are NEVER summed —
 * 🔌 MCP / Plugin (`mcp-self`: serve telemetry, `call` + `tool_defs` rows),
 * 🖥️ Host / User (`host-scan-logs`: the usage layer's scan of host logs) and
 * 🛰️ Host-native turns (`host-native-live`: `model_turn` rows from the opt-in
 * usage hook). Under Deno: `--allow-read --allow-env --allow-sys`.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { boolFlag, listFlag, parseCommandArgs, stringFlag } from "./_args.ts";
import { parseScopes, sinceIso } from "./cmd_telemetry.ts";
import { dataRoot } from "../io/data_root.ts";
import type { TelemetryScope } from "../telemetry/rows.ts";
import { warn } from "./_log.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector leaderboard [--since <window>] [--scope <scopes>] [--connector <id>] [--json]

Three leaderboards that measure different things, labeled by origin and never
added together:
  🔌 MCP / Plugin (mcp-self)             your connectors' servers, measured by serve
  🖥️ Host / User (host-scan-logs)        whole conversations, from each host's own logs
  🛰️ Host-native turns (host-native-live) exact per-turn usage from the opt-in usage hook

Flags:
  --since <window>   only the last Ns, Nm, Nh or Nd (for example 7d)
  --scope <scopes>   slice the MCP board: call, tool_defs, hook (default call,tool_defs)
  --connector <id>   only this connector on the MCP and host-native boards
                     (a branded CLI: its own unless given)
  --json             { mcp, host, hostSkipped, hostNativeTurns }

Examples:
  agent-connector leaderboard --since 7d
  agent-connector leaderboard --connector acme-db --json
`;

const FLAGS = {
  since: { type: "string" },
  scope: { type: "string" },
  connector: { type: "string" },
  json: { type: "boolean" },
} as const;

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("leaderboard", args, FLAGS);
  const sinceMs = Date.now();
  const since = sinceIso(stringFlag(parsed, "since"), "leaderboard", sinceMs);
  const scopes = parseScopes(listFlag(parsed, "scope"), "leaderboard");
  // A branded CLI's boards are its own connector's unless --connector names another (spec §8).
  const connectorId = stringFlag(parsed, "connector") ??
    await (await import("./_brand_connector.ts")).brandConnectorId(ctx);
  const root = dataRoot(ctx.machine);
  const [{ readTelemetryGroups }, report, { hostLeaderboard }] = await Promise.all([
    import("../telemetry/read.ts"),
    import("../telemetry/report.ts"),
    import("../usage/leaderboard.ts"),
  ]);
  // The MCP board never holds host-native turns, whatever --scope says.
  const mcpScopes: TelemetryScope[] = (scopes ?? ["call", "tool_defs"]).filter((s) =>
    s !== "model_turn"
  );
  const [mcpRead, nativeRead, hostBoard] = await Promise.all([
    readTelemetryGroups(root, { since, connectorId, scopes: mcpScopes }),
    readTelemetryGroups(root, { since, connectorId, scopes: ["model_turn"] }),
    hostLeaderboard({ machine: ctx.machine, since: since ? Date.parse(since) : undefined }),
  ]);
  for (const w of new Set([...mcpRead.warnings, ...nativeRead.warnings])) {
    warn(ctx, w);
  }
  for (const p of hostBoard.problems) {
    warn(ctx, `${p.platform}: ${p.path}: ${p.message}`);
  }
  const mcp = report.mcpBoard(mcpRead.data);
  const hostNativeTurns = report.hostNativeBoard(nativeRead.data);
  if (boolFlag(parsed, "json")) {
    const body = { mcp, host: hostBoard.host, hostSkipped: hostBoard.hostSkipped, hostNativeTurns };
    ctx.stdout.write(JSON.stringify(body, null, 2) + "\n");
    return 0;
  }
  const render = await import("../telemetry/render.ts");
  ctx.stdout.write("🔌 MCP / Plugin — your connectors' servers, measured by serve (mcp-self)\n");
  ctx.stdout.write(render.renderRanked(
    mcp,
    "rows",
    "No serve telemetry yet: it appears once a host runs a connector's stdio server through serve.",
  ));
  ctx.stdout.write("\n🖥️ Host / User — whole conversations, from host logs (host-scan-logs)\n");
  if (hostBoard.host.length === 0) ctx.stdout.write("No host usage found.\n");
  else {
    // The same table as `usage leaderboard`: ranked by cost, the tokens beside.
    const { leaderboardTable } = await import("../usage/report_view.ts");
    ctx.stdout.write(leaderboardTable(hostBoard.host, "platform"));
  }
  const skipped = new Map<string, string[]>();
  for (const s of hostBoard.hostSkipped) {
    skipped.set(s.reason, [...(skipped.get(s.reason) ?? []), s.platform]);
  }
  for (const [reason, ids] of skipped) ctx.stdout.write(`skipped ${ids.join(", ")}: ${reason}\n`);
  ctx.stdout.write(
    "\n🛰️ Host-native turns — exact, from the opt-in usage hook (host-native-live)\n",
  );
  ctx.stdout.write(render.renderRanked(
    hostNativeTurns,
    "turns",
    "None recorded: turn on telemetry.hostNativeUsage (Gemini CLI, Antigravity).",
  ));
  ctx.stdout.write("\nThese boards measure different things and are never added together.\n");
  return 0;
}
