/**
 * `detect`: which hosts are installed, with evidence and capabilities.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { boolFlag, parseCommandArgs, scopeFlag } from "./_args.ts";
import { loadAllAdapters } from "../adapters/registry.ts";
import { detectHosts } from "../install/detect.ts";
import { projectDirOf } from "./_install_common.ts";
import type { PlatformCapabilities } from "../core/platform_types.ts";
import { displayPath } from "../core/change_records.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector detect [--project <dir>] [--scope user|project] [--json]

Probes every supported host and prints, per installed host: name, id, hook
paradigm, scope, the config file an install would write, confidence and why,
and a one-line capability summary. AGENT_CONNECTOR_PLATFORM=<id> overrides
detection.

Flags:
  --project <dir>        the project (default: the current directory)
  --scope user|project   which scope's config path to show (default user)
  --json                 print DetectedPlatform[] for every supported host

Example:
  agent-connector detect --json
`;

function summary(c: PlatformCapabilities): string {
  const events = [
    "sessionStart",
    "sessionEnd",
    "userPromptSubmit",
    "preToolUse",
    "postToolUse",
    "preCompact",
    "stop",
    "notification",
    "permissionRequest",
    "postToolUseFailure",
    "subagentStart",
    "subagentStop",
    "postCompact",
  ].filter((k) => (c as unknown as Record<string, boolean | undefined>)[k] ?? false).length;
  const powers = [
    c.canModifyArgs && "modifyArgs",
    c.canModifyOutput && "modifyOutput",
    c.canInjectSessionContext && "injectContext",
  ].filter(Boolean).join(" ");
  const facts = c.factsFrom === "docs" ? "; facts from docs only (closed source)" : "";
  return `${events}/13 events; transports ${c.transports.join(",") || "none"}${
    powers ? `; ${powers}` : ""
  }${facts}`;
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("detect", args, {
    project: { type: "string" },
    scope: { type: "string" },
    json: { type: "boolean" },
  });
  const scope = scopeFlag(parsed, "detect") ?? "user";
  const found = detectHosts(await loadAllAdapters(), scope, {
    home: ctx.machine.home,
    env: ctx.machine.env,
    os: ctx.machine.os,
    projectDir: projectDirOf(parsed, ctx),
  });
  if (boolFlag(parsed, "json")) {
    ctx.stdout.write(`${JSON.stringify(found.map(({ evidence: _e, ...d }) => d), null, 2)}\n`);
    return 0;
  }
  const installed = found.filter((d) => d.installed);
  if (!installed.length) {
    ctx.stdout.write(
      `No supported host found (${found.length} probed). Install one, or pass --targets to install anyway.\n`,
    );
    return 0;
  }
  for (const d of installed) {
    ctx.stdout.write(
      `${d.name} (${d.id})  ${d.paradigm}, ${d.scope}: ${
        displayPath(d.configPath, ctx.machine.home)
      }\n` +
        `  ${Math.round(d.confidence * 100)}% — ${
          d.reason.split(ctx.machine.home + "/").join("~/")
        }\n` +
        `  ${summary(d.capabilities)}\n`,
    );
  }
  return 0;
}
