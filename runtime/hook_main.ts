/**
 * The lean entry hosts execute: `agent-connector hook <platform> <event>
 * --connector <id>` and `agent-connector statusline <platform> --connector
 * <id>`. `cli/main.ts` routes here before loading the CLI table, so a hook
 * call imports only node built-ins, the connector record and module, and one
 * dialect.
 *
 * Fail-open (hook) and fail-safe (statusline): any error — malformed stdin, a
 * missing record, a throwing handler — exits 0 with no output.
 *
 * @module
 */

import process from "node:process";
import type { Readable } from "node:stream";
import { homedir } from "node:os";
import { dataRoot } from "../io/data_root.ts";
import { resolveHookHost } from "../adapters/runtime_detect.ts";
import { loadDialect } from "../adapters/registry.ts";
import { parseStdin, runHook } from "./dispatch.ts";
import { loadRegisteredConnector } from "./connector_module.ts";
import { readAllText, writeAll } from "./io.ts";
import { runStatusline } from "./statusline.ts";

/** The process pieces an entrypoint uses (injectable for tests). */
export interface EntryIo {
  /** Standard input. */
  stdin: Readable & { isTTY?: boolean };
  /** Writes to standard output; resolves once flushed. */
  out(text: string): Promise<void>;
  /** Writes to standard error; resolves once flushed. */
  err(text: string): Promise<void>;
  /** Environment. */
  env: Record<string, string | undefined>;
  /** Home directory. */
  home: string;
}

/** Splits `<positionals…> --connector <id>` tolerantly (unknown flags are ignored). */
export function splitEntryArgs(args: string[]): { positionals: string[]; connector?: string } {
  const positionals: string[] = [];
  let connector: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--connector") connector = args[++i];
    else if (a.startsWith("--connector=")) connector = a.slice("--connector=".length);
    else if (a.startsWith("--")) continue;
    else positionals.push(a);
  }
  return { positionals, connector };
}

/** The process's own streams and environment. */
export function processIo(): EntryIo {
  let env: Record<string, string | undefined> = {};
  try {
    env = { ...process.env };
  } catch { /* no env permission */ }
  let home = env.HOME ?? env.USERPROFILE ?? "";
  try {
    home ||= homedir();
  } catch { /* no sys permission */ }
  return {
    stdin: process.stdin,
    out: (text) => writeAll(process.stdout, text),
    err: (text) => writeAll(process.stderr, text),
    env,
    home,
  };
}

/** `hook <platform> <event> --connector <id>`: returns the exit code. Never throws. */
export async function hookEntry(args: string[], io: EntryIo = processIo()): Promise<number> {
  try {
    const { positionals: [platform, event], connector: id } = splitEntryArgs(args);
    if (!platform || !event || !id) return 0;
    const stdin = await readAllText(io.stdin);
    const loaded = await loadRegisteredConnector(dataRoot(io), id);
    if (!loaded) return 0;
    const host = await resolveHookHost(platform, parseStdin(stdin), io.env);
    // VS Code runs Claude's hook files too (HOSTS.md trap 8): when the
    // connector is installed for that host itself, its own hooks answer.
    if (
      host.via === "payload" &&
      loaded.record.installs?.some((row) => row.platform === host.platform)
    ) return 0;
    const dialect = (await loadDialect(host.platform)) ?? (await loadDialect(platform));
    const result = await runHook({
      connector: loaded.connector,
      platform: host.platform,
      event,
      stdin,
      dialect,
    });
    await io.out(result.reply.stdout);
    await io.err(result.reply.stderr);
    return result.reply.exitCode;
  } catch {
    return 0;
  }
}

/** `statusline <platform> --connector <id>`: prints the rendered line(s). Never throws. */
export async function statuslineEntry(args: string[], io: EntryIo = processIo()): Promise<number> {
  try {
    const { positionals: [platform], connector: id } = splitEntryArgs(args);
    if (!platform || !id) return 0;
    const stdin = await readAllText(io.stdin);
    const loaded = await loadRegisteredConnector(dataRoot(io), id);
    if (!loaded) return 0;
    const dialect = await loadDialect(platform);
    const text = await runStatusline({ connector: loaded.connector, platform, stdin, dialect });
    await io.out(text);
    return 0;
  } catch {
    return 0;
  }
}
