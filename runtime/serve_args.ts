/**
 * Argument parsing of the `serve` wrapper (spec §3, internal entrypoints).
 *
 * Hosts launch `agent-connector serve --connector <id> [flags] -- <command>
 * [args…]`. The argv is split at the FIRST literal `--`; everything after it
 * is the real server's invocation, passed through verbatim (a second `--`
 * belongs to the server). Flags before it are parsed tolerantly: an unknown
 * flag (from a newer or older wrapper written into a host config) is
 * ignored, never an error, so a config written by another version can
 * never wedge a tool call.
 *
 * @module
 */

import { parseArgs } from "node:util";

/** What the wrapper's own flags say. */
export interface ServeArgs {
  /** `--connector <id>`: the registered connector the server belongs to. */
  connectorId?: string;
  /** `--scope user|project`: the install scope the wrapper was written for. */
  scope?: string;
  /** `--host <platformId>`: the host the wrapper was installed into. */
  hostPlatform?: string;
  /**
   * `--cwd <template>`: the server's working directory, for hosts whose
   * config has no field for it (`{env:VAR}` placeholders expanded at launch).
   */
  cwd?: string;
  /** Every `--secret-env KEY=<template>` value, in order. */
  secretEnv: string[];
  /**
   * Every `--env KEY=<template>` value, in order: env entries whose
   * `${env:…}` references the host cannot expand itself (Codex has no
   * interpolation, Gemini no defaults), expanded by serve at launch.
   */
  env: string[];
  /** The server executable (first word after `--`). */
  command?: string;
  /** The server's arguments, verbatim. */
  args: string[];
  /** Flags the wrapper did not recognise and ignored (for a debug log). */
  ignored: string[];
}

const KNOWN = new Set(["connector", "scope", "host", "cwd", "secret-env", "env", "help"]);

/**
 * Splits and parses the wrapper's argv (the arguments after `serve`).
 *
 * @example
 * ```ts
 * import { parseServeArgs } from "./serve_args.ts";
 * const a = parseServeArgs(["--connector", "acme", "--future", "--", "node", "srv.js", "--", "x"]);
 * a.connectorId; // "acme"
 * a.command; // "node"
 * a.args; // ["srv.js", "--", "x"]
 * ```
 */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const cut = argv.indexOf("--");
  const own = cut === -1 ? [...argv] : argv.slice(0, cut);
  const server = cut === -1 ? [] : argv.slice(cut + 1);
  const { values, tokens } = parseArgs({
    args: own,
    options: {
      connector: { type: "string" },
      scope: { type: "string" },
      host: { type: "string" },
      cwd: { type: "string" },
      "secret-env": { type: "string", multiple: true },
      env: { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const ignored = (tokens ?? []).filter((t) => t.kind === "option" && !KNOWN.has(t.name))
    .map((t) => (t as { rawName: string }).rawName);
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  const secretEnv = strings(values["secret-env"]);
  return {
    connectorId: text(values.connector),
    scope: text(values.scope),
    hostPlatform: text(values.host),
    cwd: text(values.cwd),
    secretEnv,
    env: strings(values.env),
    command: server[0],
    args: server.slice(1),
    ignored,
  };
}
