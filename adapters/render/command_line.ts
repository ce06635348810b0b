/**
 * The command lines written into host files. Every one of them points at the
 * home binary by absolute path and names the platform, the event and the
 * connector — nothing that changes between upgrades, so hosts that trust a
 * hook by the hash of its command (Codex, HOSTS.md trap 7) keep trusting it.
 *
 * @module
 */

import type { OsName } from "../../io/machine_env.ts";
import type { PlatformId } from "../../core/platform_types.ts";

const SAFE_POSIX = /^[A-Za-z0-9_\-./:=@%+,]+$/;

/** Quotes one word for a POSIX shell, only when it needs it. */
export function quotePosix(word: string): string {
  if (word !== "" && SAFE_POSIX.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Quotes one word for cmd.exe / Git Bash on Windows, only when it needs it. */
export function quoteWindows(word: string): string {
  if (word !== "" && /^[A-Za-z0-9_\-./:=@\\+,]+$/.test(word)) return word;
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * The home binary as a shell word. On Windows hosts run hook commands through
 * Git Bash or PowerShell, both of which accept forward slashes, while a
 * backslash would be eaten by bash.
 */
export function binWord(homeBin: string, os: OsName): string {
  return os === "win32" ? quoteWindows(homeBin.replaceAll("\\", "/")) : quotePosix(homeBin);
}

/** Joins a command line for a shell. */
export function shellLine(homeBin: string, os: OsName, words: string[]): string {
  const quote = os === "win32" ? quoteWindows : quotePosix;
  return [binWord(homeBin, os), ...words.map(quote)].join(" ");
}

/** `<homeBin> hook <platform> <event> --connector <id>`. */
export function hookCommand(
  homeBin: string,
  os: OsName,
  platform: PlatformId,
  event: string,
  connectorId: string,
): string {
  return shellLine(homeBin, os, ["hook", platform, event, "--connector", connectorId]);
}

/** `<homeBin> statusline <platform> --connector <id>`. */
export function statuslineCommand(
  homeBin: string,
  os: OsName,
  platform: PlatformId,
  connectorId: string,
): string {
  return shellLine(homeBin, os, ["statusline", platform, "--connector", connectorId]);
}

/**
 * `<homeBin> usage-event <platform> --connector <id>`: the opt-in host-native
 * turn-usage hook (spec §3, §5; runtime/usage_event.ts).
 */
export function usageEventCommand(
  homeBin: string,
  os: OsName,
  platform: PlatformId,
  connectorId: string,
): string {
  return shellLine(homeBin, os, ["usage-event", platform, "--connector", connectorId]);
}

/**
 * True when `command` is a hook, status-line, usage-event or action line written for
 * `connectorId` (any platform, any event, any home-binary location) — how
 * uninstall finds our entries without the connector module.
 */
export function isOwnedCommand(command: unknown, connectorId: string): boolean {
  if (typeof command !== "string") return false;
  const id = connectorId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `agent-connector(?:\\.cmd)?['"]?\\s+(?:hook|statusline|usage-event|action)\\s.*--connector\\s+['"]?${id}['"]?(?:\\s|$)`,
  ).test(command);
}

/** An exec-form command: program and arguments, no shell. */
export interface ExecLine {
  /** The program. */
  command: string;
  /** Its arguments. */
  args: string[];
}

/**
 * The exec form that runs the home binary with `args`. On Windows the
 * launcher is a `.cmd`, which a host cannot spawn without a shell, so it is
 * run as `cmd /c <launcher> …` (the form Claude Code documents for native
 * Windows).
 */
export function binExec(homeBin: string, os: OsName, args: string[]): ExecLine {
  return os === "win32"
    ? { command: "cmd", args: ["/c", homeBin, ...args] }
    : { command: homeBin, args };
}
