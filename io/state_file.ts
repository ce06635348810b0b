/**
 * Reading and writing our own JSON state files (ledgers) atomically.
 *
 * @module
 */

import { readFileSync, rmSync } from "node:fs";
import { AgentConnectorError } from "../core/errors.ts";
import { writeFileAtomic } from "./atomic_write.ts";
import { describeJsonError } from "./_json_error.ts";

/**
 * Reads a JSON state file; `fallback` when it does not exist.
 *
 * @throws {AgentConnectorError} `state-unreadable` when it exists but is not valid JSON,
 *   naming the line and column.
 */
export function readStateFile<T>(path: string, fallback: T): T {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as { code?: string }).code === "ENOENT") return fallback;
    throw err;
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new AgentConnectorError(
      "state-unreadable",
      `Cannot read "${path}": it is not valid JSON (${describeJsonError(error, text)}). ` +
        `Restore it from a backup or fix it by hand ` +
        `(deleting it makes agent-connector forget what it installed).`,
      { file: path },
    );
  }
}

/** Writes a JSON state file atomically (mode 0600); deletes it when `value` is `undefined`. */
export function writeStateFile(path: string, value: unknown): void {
  if (value === undefined) {
    rmSync(path, { force: true });
    return;
  }
  writeFileAtomic(path, JSON.stringify(value, null, 2) + "\n", { mode: 0o600 });
}
