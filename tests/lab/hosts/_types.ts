/**
 * What the lab needs to know about one host to run it headless against the mock: how to
 * point it at the mock, its command line, and which of our adapters installs into it.
 *
 * @module
 */
import type { Box } from "../_box.ts";
import type { MockScript, RecordedRequest } from "../mock_model.ts";

/** What a host's hooks get when the lab runs it. */
export interface HostCtx {
  /** The run's sandbox. */
  box: Box;
  /** The mock's base URL (`http://127.0.0.1:<port>`). */
  mockUrl: string;
  /** The host's executable. */
  bin: string;
  /** The folder of one of the host's seeds (`pins.ts` `seeds`). */
  seed(name: string): string;
  /** The folder of the Node.js the host needs (`pins.ts` `node`), to put first on PATH. */
  nodeBin?: string;
}

/** The checks the scenario suite makes per host (the coverage table's columns). */
export const CHECKS = [
  "install",
  "uninstall-bytes",
  "mcp-call",
  "telemetry-row",
  "hook-allow",
  "hook-deny",
  "hook-context",
  "memory",
  "skill",
  "command",
  "usage",
  "no-trace",
] as const;

/** One check's id. */
export type CheckId = typeof CHECKS[number];

/** One host as the lab runs it. */
export interface LabHost {
  /** The pin id in `pins.ts`. */
  id: string;
  /**
   * Our adapter's platform id for `install --targets`; absent when we have no adapter for
   * the host yet (then only our usage reader is checked, on a run that answers directly).
   */
  adapter?: string;
  /** Why only the usage reader is checked, when the host has an adapter all the same. */
  usageOnlyWhy?: string;
  /** Our usage reader's platform id (default `adapter`). */
  usage?: string;
  /**
   * How the host's log counts requests: one per model call (default), or one running
   * total per session (Droid), so the usage check expects one request per host run.
   */
  usageRequests?: "per-call" | "per-session";
  /** `platforms.<adapter>.extra` the headless run needs (approval, trust). */
  extra?: Record<string, unknown>;
  /**
   * A native hook (spec §2.3 nativeHooks) that fires in a headless run: its handler
   * returns `reply`, and a model request after the first run must contain `expect`
   * (the reply applied verbatim by the host).
   */
  native?: { name: string; reply: Record<string, unknown>; expect: string };
  /** Checks this host cannot pass, with the reason (shown as the test's skip). */
  limits?: Partial<Record<CheckId, string>>;
  /** Script changes for this host (its tool-search tool, say). */
  script?: Partial<MockScript>;
  /**
   * Which model requests the host writes to its own usage log (default: all). Auxiliary
   * requests a host never logs are left out of the usage check's expectation.
   */
  logs?: (request: RecordedRequest) => boolean;
  /**
   * How to run our command headless with the argument `apple`: `"prompt"` sends
   * `/<name> apple` as the prompt, a function gives the whole command line. Absent: the
   * host has no headless way to run one (a `limits.command` says why).
   */
  command?: "prompt" | ((ctx: HostCtx, name: string, args: string) => string[]);
  /** Folders under HOME the host fills as its own cache: left out of file comparisons. */
  caches?: readonly string[];
  /** Writes the host's own settings so it reaches the mock (before our install). */
  prepare(ctx: HostCtx): void;
  /** Environment for the host run. */
  env(ctx: HostCtx): Record<string, string>;
  /** The host's headless command line for `prompt` (first item the executable). */
  argv(ctx: HostCtx, prompt: string): string[];
}
