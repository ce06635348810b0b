/**
 * The machine a command runs on, captured once at the edge so nothing deep in
 * the code reads `os.homedir()` or `process.env` itself (DESIGN §3).
 *
 * @module
 */

import { homedir } from "node:os";
import process from "node:process";
import type { OsName } from "../core/os_name.ts";

export type { OsName } from "../core/os_name.ts";

/**
 * Everything environmental a command depends on: the machine it runs on
 * (home, environment, OS, working directory). Not an agent: "host" means
 * the agent (Claude Code, Cursor…) everywhere in this project.
 */
export interface MachineEnv {
  /** The user's home directory. */
  home: string;
  /** Environment variables. */
  env: Record<string, string | undefined>;
  /** The OS paths are computed for (tests pass `win32` on Linux). */
  os: OsName;
  /** The working directory. */
  cwd: string;
  /** The running program's main script (`process.argv[1]`): a path, or (under Deno) a URL. */
  mainScript?: string;
}

/** Maps `process.platform` onto the three OS families we compute paths for. */
export function osName(platform: string = process.platform): OsName {
  if (platform === "win32" || platform === "darwin") return platform;
  return "linux";
}

/**
 * Captures the current process's environment. Without `--allow-env` or
 * `--allow-sys` under Deno the missing parts fall back to empty values.
 */
export function currentMachineEnv(): MachineEnv {
  let env: Record<string, string | undefined> = {};
  try {
    env = { ...process.env };
  } catch { /* no env permission */ }
  let home = env.HOME ?? env.USERPROFILE ?? "";
  if (!home) {
    try {
      home = homedir();
    } catch { /* no sys permission */ }
  }
  return { home, env, os: osName(), cwd: process.cwd(), mainScript: process.argv[1] };
}
