/**
 * `usage report --format html --out <file>`: placeholder until the report lands.
 *
 * @module
 */
import type { CliContext } from "./_context.ts";

/** Writes the HTML report. */
export function writeHtmlReport(_ctx: CliContext, _out: string, _data: unknown): void {
  throw new Error("not yet");
}
