/**
 * Flag parsing on top of `node:util` parseArgs: strict, so an unknown flag is
 * a usage error (exit 2), with the shared flags of spec §3 defined once.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { UsageError } from "./_errors.ts";

/** One flag a command accepts. */
export interface FlagDef {
  /** Whether the flag takes a value. */
  type: "string" | "boolean";
  /** A one-letter alias. */
  short?: string;
  /** Whether the flag may repeat. */
  multiple?: boolean;
}

/** The flags a command accepts, by long name. */
export type FlagSpec = Record<string, FlagDef>;

/** The names of the shared flags of spec §3. */
export type SharedFlagName = "scope" | "targets" | "connector" | "project" | "dry-run" | "json";

/** The shared flags of spec §3; commands pick the ones they take. */
export const SHARED_FLAGS: Readonly<Record<SharedFlagName, FlagDef>> = {
  scope: { type: "string" },
  targets: { type: "string" },
  connector: { type: "string" },
  project: { type: "string" },
  "dry-run": { type: "boolean" },
  json: { type: "boolean" },
};

/** The result of parsing: flag values by long name and positional arguments. */
export interface ParsedArgs {
  /** Flag values. */
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  /** Arguments that are not flags. */
  positionals: string[];
}

/**
 * Parses `args` for `command`. `--help`/`-h` is always accepted. Throws
 * {@link UsageError} naming the command on an unknown flag, a missing value or
 * a wrong number of positionals.
 */
export function parseCommandArgs(
  command: string,
  args: string[],
  flags: FlagSpec,
  positionals: { min?: number; max?: number; names?: string } = { max: 0 },
): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...flags, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`${command}: ${describeParseError(error, args)}`);
  }
  const count = parsed.positionals.length;
  const min = positionals.min ?? 0;
  const max = positionals.max ?? Infinity;
  if (!parsed.values.help) {
    if (count < min) {
      throw new UsageError(`${command}: missing argument ${positionals.names ?? ""}`.trimEnd());
    }
    if (count > max) {
      throw new UsageError(
        `${command}: unexpected argument "${parsed.positionals[max]}"`,
      );
    }
  }
  return { values: parsed.values, positionals: parsed.positionals };
}

function describeParseError(error: unknown, args: string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const ambiguous = message.match(
    /Option '(?:-\w, )?(-[^' ]+)(?: <value>)?' argument is ambiguous/,
  );
  if (ambiguous) {
    // `--since -1d`: the next word starts with a dash, so it is not taken as the value.
    const used = ambiguous[1];
    const long = message.match(/use '(--[^=']+)=/)?.[1] ?? used;
    const next = args[args.indexOf(used) + 1] ?? "<value>";
    return `flag "${long}" needs a value ("${next}" starts with "-"); ` +
      `if that is the value, write ${long}=${next}`;
  }
  const unknown = message.match(/Unknown option '([^']+)'/);
  if (unknown) return `unknown flag "${unknown[1]}"`;
  const missing = message.match(/Option '([^']+?)(?: <value>)?' argument missing/);
  if (missing) return `flag "${missing[1].replace(/^-\w, /, "")}" needs a value`;
  return message.replace(/\. To specify a positional argument.*$/s, "");
}

/** Returns a string flag's value, or undefined. */
export function stringFlag(parsed: ParsedArgs, name: string): string | undefined {
  const value = parsed.values[name];
  return typeof value === "string" ? value : undefined;
}

/** Returns a boolean flag's value (false when absent). */
export function boolFlag(parsed: ParsedArgs, name: string): boolean {
  return parsed.values[name] === true;
}

/** Splits a comma list flag (`--targets a,b`) into trimmed non-empty items. */
export function listFlag(parsed: ParsedArgs, name: string): string[] | undefined {
  const value = stringFlag(parsed, name);
  if (value === undefined) return undefined;
  return value.split(",").map((s) => s.trim()).filter(Boolean);
}

/** Reads `--scope`, accepting only `user` and `project`. */
export function scopeFlag(parsed: ParsedArgs, command: string): "user" | "project" | undefined {
  const value = stringFlag(parsed, "scope");
  if (value === undefined) return undefined;
  if (value !== "user" && value !== "project") {
    throw new UsageError(`${command}: --scope must be "user" or "project", got "${value}"`);
  }
  return value;
}
