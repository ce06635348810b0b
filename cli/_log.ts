/**
 * `AGENT_CONNECTOR_LOG=silent|error|warn|info|debug` (spec §8 env switches,
 * default `info`): how much a command says on stderr besides its result.
 * `warning:` lines are `warn`, `note:` and progress lines `info`, stack traces
 * `debug`. A command's own failure message is its result, not a log line: it
 * is printed at every level, exit code included.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";

/** The log levels, quietest first. */
export const LOG_LEVELS = ["silent", "error", "warn", "info", "debug"] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = typeof LOG_LEVELS[number];

/** The level `env` asks for; unset or unknown is `info`. */
export function logLevel(env: Record<string, string | undefined>): LogLevel {
  const asked = env.AGENT_CONNECTOR_LOG?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(asked ?? "") ? asked as LogLevel : "info";
}

/** True when a line of `level` is shown under `env`'s level. */
export function logs(
  env: Record<string, string | undefined>,
  level: Exclude<LogLevel, "silent">,
): boolean {
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(logLevel(env));
}

/** Writes `warning: <text>` to stderr unless the level is below `warn`. */
export function warn(ctx: CliContext, text: string): void {
  if (logs(ctx.machine.env, "warn")) ctx.stderr.write(`warning: ${text}\n`);
}

/** Writes `note: <text>` to stderr unless the level is below `info`. */
export function note(ctx: CliContext, text: string): void {
  if (logs(ctx.machine.env, "info")) ctx.stderr.write(`note: ${text}\n`);
}

/** Writes a progress or confirmation line (`wrote 3 rows to x`) at `info`. */
export function info(ctx: CliContext, text: string): void {
  if (logs(ctx.machine.env, "info")) ctx.stderr.write(`${text}\n`);
}
