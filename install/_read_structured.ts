/**
 * Reads a host file's data for planning decisions (which of our entries are
 * there), tolerantly: a missing or unparsable file reads as undefined — the
 * engine reports broken files itself when it edits them.
 *
 * @module
 */

import { parseJsonc } from "../core/jsonc.ts";
import type { DataFormat, KeyPath, Probe } from "../adapters/descriptor.ts";

/** Parses `path` per `format`, or undefined. */
export async function readStructured(
  probe: Probe,
  path: string,
  format: DataFormat,
): Promise<unknown> {
  const text = probe.readText(path);
  if (text === undefined) return undefined;
  try {
    if (format === "toml") return (await import("smol-toml")).parse(text);
    if (format === "yaml") return (await import("yaml")).parse(text);
    return parseJsonc(text.replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
}

/** The value at `at` inside `data`, or undefined. */
export function valueAt(data: unknown, at: KeyPath): unknown {
  let cur = data;
  for (const key of at) {
    if (!cur || typeof cur !== "object" || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
