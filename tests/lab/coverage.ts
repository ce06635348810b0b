/**
 * Writes the real-host coverage table (`docs/real-hosts.md`) from the lab's last run
 * (`lab-last-run.json`, see `_results.ts`): per host, the version that ran and each
 * check's outcome, with the reason for every skip and failure. The table is generated,
 * never edited by hand: run `deno task test:hosts`, then `deno task lab:coverage`.
 *
 * Usage: `deno run -A tests/lab/coverage.ts [--out docs/real-hosts.md]`
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { REPO_ROOT } from "./_paths.ts";
import { type HostRecord, readResults, resultsPath } from "./_results.ts";
import { CHECKS } from "./hosts/_types.ts";
import { HOST_PINS } from "./pins.ts";
import { PLUGIN_CHECKS, PLUGIN_HOSTS, UNPROVEN_FORMATS } from "./plugin_hosts.ts";

/** What each check verifies, in the words the table uses. */
const MEANING: Record<string, string> = {
  "install":
    "`install` writes the connector (server through `serve`, hook, memory, skill, command)",
  "uninstall-bytes": "install then `uninstall` gives back every host file byte for byte",
  "mcp-call": "the host calls the MCP tool through `serve`; the model gets the result",
  "telemetry-row": "`serve` stores a per-call telemetry row",
  "hook-allow": "the PreToolUse hook runs and lets the call through",
  "hook-deny": "a denying hook stops the call; the model sees the reason",
  "hook-context": "a PostToolUse hook's additional context reaches the next model request",
  "memory": "the memory block is in the host's request to the model",
  "skill": "the skill's description is in the host's request to the model",
  "command": "running our command headless sends its expanded prompt to the model",
  "usage": "`usage report` equals the model's token counts for the requests the host logs",
  "no-trace": "after `uninstall` the host runs with no tool, memory or skill of ours",
};

const MARK = { pass: "✅", fail: "❌", skip: "➖" } as const;

/** What each plugin check verifies (`plugins.lab.ts`). */
const PLUGIN_MEANING: Record<string, string> = {
  "plugin-install":
    "`install --method marketplace` packages the connector and installs it with the host's own plugin command; a second run changes nothing",
  "mcp-call": "the host calls the plugin's MCP tool through `serve`; the model gets the result",
  "hook-deny":
    "the package's PreToolUse hook denies a call (of our MCP tool, or of a host tool where the package carries no server); the model sees the reason",
  "memory": "the package's memory is in the host's request to the model",
  "skill": "the package's skill description is in the host's request to the model",
  "command": "the package's command, run headless, sends its expanded prompt",
  "plugin-remove":
    "`uninstall` removes it with the host's own command; no file in HOME names the connector (the host's session logs aside)",
  "no-trace": "after `uninstall` the host runs with no tool, memory or skill of ours",
};

/** The plugin section: one column per host and format run, then why each format not run. */
function renderPlugins(results: Record<string, HostRecord>): string[] {
  const runs = PLUGIN_HOSTS.filter((p) => results[`plugin:${p.host.id}`]);
  if (runs.length === 0) return [];
  const rec = (id: string) => results[`plugin:${id}`];
  const lines = [
    "## Packages installed with the host's own command",
    "",
    "`package` output installed by each host's plugin or extension command",
    "(`install --method marketplace`, tests/lab/plugins.lab.ts), then the host run",
    "headless against the same mock.",
    "",
    `| check | ${runs.map((p) => `${p.host.id} ${rec(p.host.id).version}`).join(" | ")} |`,
    `| --- | ${runs.map(() => ":-:").join(" | ")} |`,
  ];
  for (const check of PLUGIN_CHECKS) {
    const cells = runs.map((p) => {
      const o = rec(p.host.id).checks[check];
      return o ? MARK[o.status] : " ";
    });
    lines.push(`| ${check} | ${cells.join(" | ")} |`);
  }
  lines.push("");
  for (const check of PLUGIN_CHECKS) lines.push(`- **${check}**: ${PLUGIN_MEANING[check]}.`);
  lines.push("", "Not checked or failed:", "");
  let any = false;
  for (const p of runs) {
    const r = rec(p.host.id);
    for (const check of PLUGIN_CHECKS) {
      const o = r.checks[check];
      if (!o || o.status === "pass") continue;
      any = true;
      const what = o.status === "fail" ? "failed" : "not checked";
      lines.push(
        `- ${p.host.id} ${r.version} — ${check} ${what}: ${(o.detail ?? "?").replace(/\s+/g, " ")}`,
      );
    }
  }
  if (!any) lines.push("None.");
  lines.push("", "Formats no lab host installs here:", "");
  for (const [format, why] of Object.entries(UNPROVEN_FORMATS)) {
    lines.push(`- **${format}**: ${why}`);
  }
  lines.push("");
  return lines;
}

/** Renders the coverage document from the last run's records. */
export function renderCoverage(results: Record<string, HostRecord>): string {
  const hosts = HOST_PINS.filter((p) => results[p.id]);
  const lines = [
    "# Real-host coverage",
    "",
    "<!-- Generated by `deno task lab:coverage` from the last `deno task test:hosts` run. Do not edit. -->",
    "",
    "Each host's own CLI, at the pinned version, installed from npm and run headless",
    "against a scripted model on loopback (tests/lab). ✅ verified, ❌ failed, ➖ not",
    "checked (reason below).",
    "",
    `| check | ${hosts.map((p) => `${p.id} ${results[p.id].version}`).join(" | ")} |`,
    `| --- | ${hosts.map(() => ":-:").join(" | ")} |`,
  ];
  for (const check of CHECKS) {
    const cells = hosts.map((p) => {
      const o = results[p.id].checks[check];
      return o ? MARK[o.status] : " ";
    });
    lines.push(`| ${check} | ${cells.join(" | ")} |`);
  }
  lines.push("", "## What each check verifies", "");
  for (const check of CHECKS) lines.push(`- **${check}**: ${MEANING[check]}.`);
  lines.push("", "## Skips and failures", "");
  let any = false;
  for (const p of hosts) {
    const r = results[p.id];
    const byReason = new Map<string, string[]>();
    for (const check of CHECKS) {
      const o = r.checks[check];
      if (!o || o.status === "pass") continue;
      const key = `${o.status === "fail" ? "failed" : "not checked"}: ${o.detail ?? "?"}`;
      byReason.set(key, [...(byReason.get(key) ?? []), check]);
    }
    for (const [reason, checks] of byReason) {
      any = true;
      const text = reason.replace(/\s+/g, " ");
      lines.push(`- ${p.id} ${r.version} — ${checks.join(", ")} ${text}`);
    }
  }
  if (!any) lines.push("None.");
  lines.push("", ...renderPlugins(results));
  const dates = Object.values(results).map((r) => r.ranAt).sort();
  lines.push(
    `Runs from ${dates[0]?.slice(0, 10) ?? "?"} to ${dates.at(-1)?.slice(0, 10) ?? "?"}.`,
    "",
  );
  return lines.join("\n");
}

if (import.meta.main) {
  const at = process.argv.indexOf("--out");
  const out = at >= 0 ? process.argv[at + 1] : join(REPO_ROOT, "docs", "real-hosts.md");
  const results = readResults();
  if (Object.keys(results).length === 0) {
    console.error(`lab:coverage: no results at ${resultsPath()}: run "deno task test:hosts" first`);
    process.exit(1);
  }
  writeFileSync(out, renderCoverage(results));
  console.log(`wrote ${out}`);
}
