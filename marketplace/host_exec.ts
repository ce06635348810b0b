/**
 * Runs a host's own CLI for the marketplace drivers: the executable found on
 * PATH, stdin closed (a host that prompts fails instead of hanging), output
 * captured for the change records.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { HostCommand } from "./drivers.ts";

/** What one host command did. */
export interface HostCommandResult {
  /** Exit code; null when it could not start or was killed. */
  code: number | null;
  /** Stdout then stderr. */
  output: string;
}

/** Runs `bin` with a command; injectable so tests can stand in for a host. */
export type HostRunner = (
  bin: string,
  command: HostCommand,
  opts: { cwd: string; env: Record<string, string | undefined> },
) => HostCommandResult;

/** A host command may download or copy; it is killed after this long. */
const TIMEOUT_MS = 180_000;

/** The spawning runner. */
export const spawnHost: HostRunner = (bin, command, opts) => {
  // A .cmd (npm's shim on Windows) runs only through cmd.exe: quote each word for it.
  const viaShell = /\.(cmd|bat)$/i.test(bin);
  const quote = (word: string) => `"${word.replaceAll('"', '""')}"`;
  const run = spawnSync(
    viaShell ? quote(bin) : bin,
    viaShell ? command.args.map(quote) : command.args,
    {
      shell: viaShell,
      cwd: opts.cwd,
      env: { ...opts.env, ...command.env } as Record<string, string>,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
      timeout: TIMEOUT_MS,
    },
  );
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}${run.error ? String(run.error) : ""}`;
  return { code: run.status, output };
};

/** The executable `name` on `PATH` (with PATHEXT names on Windows), or undefined. */
export function findOnPath(
  name: string,
  env: Record<string, string | undefined>,
  win: boolean = false,
): string | undefined {
  const exts = win
    ? (env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";").map((e) => e.toLowerCase())
    : [""];
  for (const dir of (env.PATH ?? env.Path ?? "").split(win ? ";" : delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const path = join(dir, name + ext);
      try {
        if (statSync(path).isFile()) return path;
      } catch { /* not here */ }
    }
  }
  return undefined;
}

/** The command as a user would type it, for records and manual instructions. */
export function shownCommand(bin: string, command: HostCommand): string {
  const quote = (w: string) => /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`;
  const env = Object.entries(command.env ?? {}).map(([k, v]) => `${k}=${quote(v)} `).join("");
  return `${env}${[bin, ...command.args].map(quote).join(" ")}`;
}
