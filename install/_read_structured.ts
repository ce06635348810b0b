/**
 * Reads a host file's data for planning decisions (which of our entries are
 * there), tolerantly: a missing or unparsable file reads as undefined — the
 * engine reports broken files itself when it edits them.
 *
 * @module
 */

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
    const { parse } = await import("jsonc-parser");
    return parse(text.replace(/^\uFEFF/, ""), [], { allowTrailingComma: true });
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
