/**
 * Resolves how a host launches a connector's server: for stdio the command
 * line (wrapped by `serve` for telemetry and secret delivery), for remote
 * transports the url and headers — with every `${env:…}` reference written
 * in the host's own syntax and no value ever expanded into a file.
 *
 * References a host cannot express are left to the `serve` wrapper, which
 * resolves them at launch: `--secret-env NAME=<template>` for entries holding
 * `${secret:NAME}` and `--env NAME=<template>` for env entries the host
 * cannot expand. Templates write references as `{secret:NAME}` /
 * `{env:VAR}` placeholders, which no host expands (spec §2.2;
 * secrets/launch_env.ts). A `server.cwd` the host has no field for goes to
 * serve as `--cwd <template>` ({@link LaunchOptions.serveCwd}).
 *
 * @module
 */

import type { ServerDef } from "../../core/connector_types.ts";
import { parseTemplate } from "../../core/interpolation.ts";
import type { PlatformId, Transport } from "../../core/platform_types.ts";
import type { OsName } from "../../io/machine_env.ts";
import type { Dropped, ServerRenderInput } from "../descriptor.ts";
import { type EnvRefSyntax, hasEnvRef, translateEnvRefs } from "../env_ref.ts";
import { binExec } from "./command_line.ts";
import { formatCwdArg, formatSecretEnvArg } from "../../secrets/launch_env.ts";

/** What the launch depends on. */
export interface LaunchOptions {
  /** The effective server. */
  server: ServerDef;
  /** Connector id. */
  connectorId: string;
  /** The host. */
  platform: PlatformId;
  /** The scope written. */
  scope: "user" | "project";
  /** Absolute path of the home binary. */
  homeBin: string;
  /** The OS of the machine. */
  os: OsName;
  /** The host's env-reference syntax, if it has one. */
  envRef?: EnvRefSyntax;
  /** Where the host expands `envRef`: every field (default), or only the stdio `env` block. */
  envRefScope?: "all" | "env";
  /**
   * The host passes environment variables to remote servers by name
   * (Codex `bearer_token_env_var`, `env_http_headers`): a header that is
   * exactly one `${env:VAR}` (or `Bearer ${env:VAR}` for Authorization) and
   * a `bearerEnv` auth become names instead of drops.
   */
  envByName?: boolean;
  /**
   * The host substitutes `{env:…}` anywhere in its config file (opencode),
   * so serve's templates are written with the upper-case placeholders
   * (`{ENV:…}`, `{SECRET:…}`) it leaves alone.
   */
  substitutesBraces?: boolean;
  /**
   * The server's working directory, for serve to apply at launch (`--cwd`):
   * set when the host's entry has no field for it. The launch is then
   * wrapped even with `wrapForTelemetry: false`.
   */
  serveCwd?: string;
}

/** The resolved launch plus anything the host cannot take. */
export interface ResolvedLaunch {
  /** For stdio. */
  launch?: ServerRenderInput["launch"];
  /** For remote transports. */
  remote?: ServerRenderInput["remote"];
  /** True when the command line runs through `serve`. */
  wrapped: boolean;
  /** Reported drops. */
  dropped: Dropped[];
}

function translate(value: string, envRef?: EnvRefSyntax): string | undefined {
  if (!hasEnvRef(value)) return value;
  return envRef ? translateEnvRefs(value, envRef) : undefined;
}

/** Resolves the launch of `opts.server` for one host. */
export function resolveLaunch(opts: LaunchOptions): ResolvedLaunch {
  return opts.server.transport === "stdio" ? stdioLaunch(opts) : remoteLaunch(opts);
}

/** The syntax for fields other than the stdio `env` block. */
function outsideEnv(opts: LaunchOptions): EnvRefSyntax | undefined {
  return opts.envRefScope === "env" ? undefined : opts.envRef;
}

function stdioLaunch(opts: LaunchOptions): ResolvedLaunch {
  const { server, envRef } = opts;
  const dropped: Dropped[] = [];
  const env: Record<string, string> = {};
  const serveFlags: string[] = [];
  const upper = { upper: opts.substitutesBraces };
  for (const [name, value] of Object.entries(server.env ?? {})) {
    const written = translate(value, envRef);
    if (written !== undefined) env[name] = written;
    else serveFlags.push("--env", formatSecretEnvArg(name, value, upper));
  }
  for (const [name, value] of Object.entries(server.secretEnv ?? {})) {
    serveFlags.push("--secret-env", formatSecretEnvArg(name, value, upper));
  }
  if (opts.serveCwd !== undefined) serveFlags.push("--cwd", formatCwdArg(opts.serveCwd, upper));
  const command = translate(server.command ?? "", outsideEnv(opts));
  const args = (server.args ?? []).map((a) => translate(a, outsideEnv(opts)));
  if (command === undefined || args.some((a) => a === undefined)) {
    dropped.push({
      field: "server.command/args",
      reason: "they reference environment variables and the host cannot expand them",
    });
    return { wrapped: false, dropped };
  }
  const wrapped = server.wrapForTelemetry !== false || serveFlags.length > 0;
  if (!wrapped) return { launch: { command, args: args as string[], env }, wrapped, dropped };
  const exec = binExec(opts.homeBin, opts.os, [
    "serve",
    "--connector",
    opts.connectorId,
    "--host",
    opts.platform,
    "--scope",
    opts.scope,
    ...serveFlags,
    "--",
    command,
    ...args as string[],
  ]);
  return { launch: { ...exec, env }, wrapped, dropped };
}

/** `VAR` when `value` is exactly `${env:VAR}` (no default), else undefined. */
function singleEnvRef(value: string): string | undefined {
  const parts = parseTemplate(value);
  const only = parts.length === 1 ? parts[0] : undefined;
  return only?.kind === "env" && only.default === undefined ? only.name : undefined;
}

/** `VAR` when an Authorization value is exactly `Bearer ${env:VAR}`. */
function bearerEnvRef(name: string, value: string): string | undefined {
  if (name.toLowerCase() !== "authorization") return undefined;
  const m = /^Bearer (\$\{env:[^}]+\})$/.exec(value);
  return m ? singleEnvRef(m[1]) : undefined;
}

function remoteLaunch(opts: LaunchOptions): ResolvedLaunch {
  const { server } = opts;
  const envRef = outsideEnv(opts);
  const dropped: Dropped[] = [];
  const url = translate(server.url ?? "", envRef);
  if (url === undefined) {
    dropped.push({
      field: "server.url",
      reason: "it references environment variables the host cannot expand",
    });
    return { wrapped: false, dropped };
  }
  const headers: Record<string, string> = {};
  const envHeaders: Record<string, string> = {};
  let bearerEnvVar: string | undefined;
  for (const [name, value] of Object.entries(server.headers ?? {})) {
    const written = translate(value, envRef);
    const bearer = opts.envByName ? bearerEnvRef(name, value) : undefined;
    const byName = opts.envByName ? singleEnvRef(value) : undefined;
    if (written !== undefined) headers[name] = written;
    else if (bearer) bearerEnvVar = bearer;
    else if (byName) envHeaders[name] = byName;
    else {dropped.push({
        field: `server.headers.${name}`,
        reason: "the host cannot expand its env reference",
      });}
  }
  const auth = server.auth;
  if (auth?.type === "bearerEnv" && auth.bearerEnvVar) {
    const ref = envRef?.(auth.bearerEnvVar);
    if (ref !== undefined) headers.Authorization ??= `Bearer ${ref}`;
    else if (opts.envByName) bearerEnvVar ??= auth.bearerEnvVar;
    else {dropped.push({
        field: "server.auth",
        reason: "the host cannot read a bearer token from the environment",
      });}
  }
  const transport = server.transport as Exclude<Transport, "stdio">;
  const remote: NonNullable<ServerRenderInput["remote"]> = { transport, url, headers };
  if (Object.keys(envHeaders).length) remote.envHeaders = envHeaders;
  if (bearerEnvVar) remote.bearerEnvVar = bearerEnvVar;
  return { remote, wrapped: false, dropped };
}
