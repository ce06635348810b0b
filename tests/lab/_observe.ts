/**
 * What the scenario suite reads back after a host run: the lab server's call log, the
 * request bodies the mock recorded, and our CLI's telemetry and usage views of the box.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import { type Box, runCli } from "./_box.ts";
import type { MockModel, MockUsage, RecordedRequest } from "./mock_model.ts";

/** One tool call the lab server received. */
export interface ServerCall {
  /** The tool name. */
  name: string;
  /** Its arguments. */
  args: Record<string, unknown>;
}

function logLines(log: string): Array<Record<string, unknown>> {
  if (!existsSync(log)) return [];
  return readFileSync(log, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

/** The calls the lab server logged, oldest first. */
export function serverCalls(log: string): ServerCall[] {
  return logLines(log).filter((l) => typeof l.name === "string") as unknown as ServerCall[];
}

/** The command line of the process that started the lab server, per start. */
export function serverParents(log: string): string[] {
  return logLines(log).filter((l) => l.started === true).map((l) => String(l.parent));
}

/** The model requests recorded since index `from`. */
export function modelRequestsSince(mock: MockModel, from: number): RecordedRequest[] {
  return mock.requests.slice(from).filter((r) => r.usage !== undefined);
}

/** True when some model request since `from` has `needle` in its raw body. */
export function someBodyHas(mock: MockModel, from: number, needle: string): boolean {
  return modelRequestsSince(mock, from).some((r) => r.text.includes(needle));
}

/** A short account of the model requests since `from`, for assertion messages. */
export function describeRequests(mock: MockModel, from: number): string {
  return modelRequestsSince(mock, from).map((r) =>
    `${r.route} tools=[${r.request?.tools.map((t) => t.name).join(",")}] calls=[${
      r.request?.calls.map((c) => `${c.name}${c.result === undefined ? "" : "✓"}`).join(",")
    }] → ${r.decision?.kind === "tool" ? `call ${r.decision.name}` : "text"}`
  ).join("\n");
}

/** Our telemetry rows in the box (`telemetry export --format json`). */
export async function telemetryRows(box: Box): Promise<Array<Record<string, unknown>>> {
  const run = await runCli(box, "telemetry-export", "telemetry", "export", "--format", "json");
  if (run.code !== 0) throw new Error(`telemetry export failed: ${run.stderr}`);
  const text = run.stdout.trim();
  if (text === "") return [];
  return text.startsWith("[")
    ? JSON.parse(text)
    : text.split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

/** Token counts in our usage model: `input` without the cached part. */
export interface Tokens {
  /** Uncached input. */
  input: number;
  /** Cache reads. */
  cacheRead: number;
  /** Cache writes. */
  cacheWrite: number;
  /** Output. */
  output: number;
}

/** The mock's usage as our usage model counts it. */
export function expectedTokens(usages: readonly MockUsage[]): Tokens {
  const t: Tokens = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };
  for (const u of usages) {
    t.input += u.input - u.cacheRead - u.cacheWrite;
    t.cacheRead += u.cacheRead;
    t.cacheWrite += u.cacheWrite;
    t.output += u.output;
  }
  return t;
}

/** Our usage totals for one host and how many requests they came from. */
export interface UsageTotals extends Tokens {
  /** Requests counted. */
  requests: number;
}

/** `usage report --json --platform <id> --no-cache` over the box: its totals and raw text. */
export async function usageReport(
  box: Box,
  platform: string,
): Promise<{ totals: UsageTotals; raw: string }> {
  const run = await runCli(
    box,
    "usage-report",
    "usage",
    "report",
    "--json",
    "--platform",
    platform,
    "--no-cache",
  );
  if (run.code !== 0) throw new Error(`usage report failed (${run.code}): ${run.stderr}`);
  const t = (JSON.parse(run.stdout).totals ?? {}) as Record<string, number>;
  return {
    totals: {
      requests: t.requests ?? 0,
      input: t.input ?? 0,
      cacheRead: t.cacheRead ?? 0,
      cacheWrite: t.cacheWrite ?? 0,
      output: t.output ?? 0,
    },
    raw: run.stdout,
  };
}
