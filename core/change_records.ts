/**
 * How install, upgrade and uninstall print what they did: one line per
 * ChangeRecord (`+` create, `~` update, `-` remove, `=` skip, `!` warn), the
 * warnings, and a summary tally. Pure functions of the records.
 *
 * @module
 */

import type { ChangeAction, ChangeRecord, InstallResult } from "./platform_types.ts";

/** The symbol printed for each action. */
export const CHANGE_SYMBOLS: Readonly<Record<ChangeAction, string>> = {
  create: "+",
  update: "~",
  remove: "-",
  skip: "=",
  warn: "!",
};

/** How many records of each action. */
export type ChangeTally = Record<ChangeAction, number>;

/** Counts records by action. */
export function tallyChanges(changes: readonly ChangeRecord[]): ChangeTally {
  const t: ChangeTally = { create: 0, update: 0, remove: 0, skip: 0, warn: 0 };
  for (const c of changes) t[c.action]++;
  return t;
}

/** Options of the text formatters. */
export interface FormatOptions {
  /** The home directory, shown as `~`. */
  home?: string;
  /** Phrase the summary as what would happen. */
  dryRun?: boolean;
}

/** Shows `path` with the home directory as `~`. */
export function displayPath(path: string, home?: string): string {
  if (!home) return path;
  if (path === home) return "~";
  for (const sep of ["/", "\\"]) {
    if (path.startsWith(home + sep)) return "~" + sep + path.slice(home.length + 1);
  }
  return path;
}

/**
 * Formats one record: `<symbol> <platform>  <detail>  (<path>)`.
 *
 * @example
 * ```ts
 * import { formatChangeLine } from "./change_records.ts";
 * formatChangeLine(
 *   { platform: "codex", action: "create", path: "/h/.codex/config.toml", detail: "MCP server acme: added" },
 *   { home: "/h" },
 * ); // "+ codex  MCP server acme: added  (~/.codex/config.toml)"
 * ```
 */
export function formatChangeLine(c: ChangeRecord, options: FormatOptions = {}): string {
  const where = c.path && !c.detail.includes(c.path)
    ? `  (${displayPath(c.path, options.home)})`
    : "";
  const detail = options.home ? homeRelative(c.detail, options.home) : c.detail;
  // Framework files (home binary, records) are agent-connector's own: the
  // internal `synthetic` platform id means nothing to a reader.
  const who = c.platform === "synthetic" ? "agent-connector" : c.platform;
  return `${CHANGE_SYMBOLS[c.action]} ${who}  ${detail}${where}`;
}

/** `detail` with `home/` written `~/`, except inside a `file://` URL, which must stay a URL. */
function homeRelative(detail: string, home: string): string {
  const parts = detail.split(home + "/");
  return parts.reduce((out, part) => out + (/file:\/\/$/.test(out) ? `${home}/` : "~/") + part);
}

/** Formats the tally: `2 created, 1 updated, 0 removed, 5 unchanged, 1 warning`. */
export function formatSummary(t: ChangeTally, options: FormatOptions = {}): string {
  const parts = [
    `${t.create} ${options.dryRun ? "to create" : "created"}`,
    `${t.update} ${options.dryRun ? "to update" : "updated"}`,
    `${t.remove} ${options.dryRun ? "to remove" : "removed"}`,
    `${t.skip} unchanged`,
    `${t.warn} warning${t.warn === 1 ? "" : "s"}`,
  ];
  return (options.dryRun ? "Dry run, nothing written: " : "") + parts.join(", ");
}

/**
 * Formats a whole result: the change lines, then warnings, then the summary,
 * whose warning count is every `!` line printed above it (warn records and
 * warnings alike).
 */
export function formatInstallResult(r: InstallResult, options: FormatOptions = {}): string {
  const lines = r.changes.map((c) => formatChangeLine(c, { ...options, dryRun: r.dryRun }));
  for (const w of r.warnings) lines.push(`! ${w}`);
  const tally = tallyChanges(r.changes);
  tally.warn += r.warnings.length;
  lines.push(formatSummary(tally, { ...options, dryRun: r.dryRun }));
  return lines.join("\n") + "\n";
}

/** The `--json` form of a result: the InstallResult itself, pretty-printed. */
export function formatInstallResultJson(r: InstallResult): string {
  return JSON.stringify(r, null, 2) + "\n";
}

/** The exit code of install, upgrade and uninstall (spec §3): 1 when any change is a warn, else 0. */
export function changeExitCode(r: Pick<InstallResult, "changes">): number {
  return r.changes.some((c) => c.action === "warn") ? 1 : 0;
}
