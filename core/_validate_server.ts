/**
 * `server` and `platforms.<id>.server` (spec §2.1–§2.2): transport rules,
 * field shapes, defaults, and the secret-bearing env split.
 *
 * @module
 */

import type { ServerDef } from "./connector_types.ts";
import {
  expectArray,
  expectObject,
  fail,
  nearestName,
  optionalBoolean,
  optionalOneOf,
  optionalString,
  optionalStringArray,
  optionalStringRecord,
  rejectUnknownFields,
  show,
} from "./_validate.ts";
import { SECRET_ONLY_IN_STDIO_ENV, splitSecretEnv } from "./_validate_secrets.ts";
import { hasSecretMarker, parseTemplate } from "./interpolation.ts";

/** The MCP transports a server may declare. */
export const TRANSPORTS = ["stdio", "http", "sse", "ws"] as const;

/** The fields a server declares (`secretEnv` is defineConnector's own). */
const SERVER_FIELDS = [
  "transport",
  "command",
  "args",
  "env",
  "cwd",
  "url",
  "headers",
  "auth",
  "tools",
  "timeoutMs",
  "enabled",
  "wrapForTelemetry",
];

/**
 * Validates a server declaration and applies the defaults: `enabled: true`,
 * `tools: { include: ["*"] }`, `wrapForTelemetry` true for stdio only. Secret
 * references in a stdio env move into `secretEnv`.
 */
export function normalizeServer(value: unknown, where: string): ServerDef {
  const server = expectObject(value, where);
  const transport = server.transport;
  if (!TRANSPORTS.includes(transport as ServerDef["transport"])) {
    fail(`${where}.transport`, `expected ${TRANSPORTS.join(" | ")}, got ${show(transport)}`);
  }
  if (server.secretEnv !== undefined) {
    fail(
      `${where}.secretEnv`,
      "is set by defineConnector — write ${secret:NAME} references in env instead",
    );
  }
  rejectUnknownFields(server, SERVER_FIELDS, where);
  const stdio = transport === "stdio";
  if (stdio && (typeof server.command !== "string" || server.command.trim() === "")) {
    fail(`${where}.command`, "a stdio server needs a command (a non-empty string)");
  }
  if (!stdio && (typeof server.url !== "string" || server.url.trim() === "")) {
    fail(`${where}.url`, `a ${transport} server needs a url (a non-empty string)`);
  }
  optionalStringArray(server.args, `${where}.args`);
  optionalStringRecord(server.env, `${where}.env`);
  optionalString(server.cwd, `${where}.cwd`);
  optionalStringRecord(server.headers, `${where}.headers`);
  checkAuth(server.auth, `${where}.auth`);
  checkTools(server.tools, `${where}.tools`);
  if (
    server.timeoutMs !== undefined &&
    !(typeof server.timeoutMs === "number" && Number.isFinite(server.timeoutMs) &&
      server.timeoutMs > 0)
  ) {
    fail(
      `${where}.timeoutMs`,
      `must be a positive number of milliseconds, got ${show(server.timeoutMs)}`,
    );
  }
  optionalBoolean(server.enabled, `${where}.enabled`);
  optionalBoolean(server.wrapForTelemetry, `${where}.wrapForTelemetry`);
  checkEnvRefs(server, where);

  const def = server as unknown as ServerDef;
  const out: ServerDef = {
    ...def,
    enabled: def.enabled ?? true,
    tools: { ...def.tools, include: def.tools?.include ?? ["*"] },
    wrapForTelemetry: def.wrapForTelemetry ?? stdio,
  };
  if (!stdio) rejectRemoteSecrets(def.env, `${where}.env`);
  if (stdio && def.env) {
    const { env, secretEnv } = splitSecretEnv(def.env, `${where}.env`);
    out.env = env;
    if (Object.keys(secretEnv).length > 0) out.secretEnv = secretEnv;
  }
  return out;
}

/**
 * Resolves `platforms.<id>.server`: `false` stays `false`; an object is
 * shallow-merged over the base server as written and validated as a whole,
 * so the result is the complete effective server for that host. An override
 * with `env` replaces the base env together with its secrets; one without
 * keeps both.
 */
export function normalizeServerOverride(
  base: unknown,
  value: unknown,
  where: string,
): ServerDef | false {
  if (value === false) return false;
  const override = expectObject(value, where);
  if (override.secretEnv !== undefined) {
    fail(
      `${where}.secretEnv`,
      "is set by defineConnector — write ${secret:NAME} references in env instead",
    );
  }
  const merged = { ...(base as Record<string, unknown> | undefined), ...override };
  const out = normalizeServer(merged, where);
  // A base-only secretEnv never leaks into an override that brought its own env.
  if (override.env !== undefined && out.secretEnv === undefined) out.secretEnv = {};
  return out;
}

/**
 * Rejects a `${env:` that does not parse as a reference (no closing brace, a
 * name with a space): it would reach the host file as text nobody expands.
 * Other `${…}` forms (a host's own, like VS Code's `${workspaceFolder}`) pass.
 */
function checkEnvRefs(server: Record<string, unknown>, where: string): void {
  const check = (value: unknown, at: string) => {
    if (typeof value !== "string" || !value.includes("${")) return;
    for (const [, scheme] of value.matchAll(/\$\{([A-Za-z]+):/g)) {
      const meant = scheme === "env" || scheme === "secret"
        ? undefined
        : nearestName(scheme, ["env", "secret"]);
      if (meant) {
        fail(
          at,
          `${JSON.stringify(value)} — did you mean \${${meant}:…}? An unknown \${${scheme}:…} ` +
            "reference is written as text and never expanded",
        );
      }
    }
    if (!value.includes("${env:")) return;
    const text = parseTemplate(value).filter((p) => p.kind === "text");
    if (text.some((p) => p.kind === "text" && p.text.includes("${env:"))) {
      fail(
        at,
        `${JSON.stringify(value)} holds a malformed \${env:…} reference — write \${env:NAME} ` +
          "or ${env:NAME:-default}, NAME matching [A-Za-z_][A-Za-z0-9_]*",
      );
    }
  };
  for (const field of ["command", "cwd", "url"]) check(server[field], `${where}.${field}`);
  if (Array.isArray(server.args)) server.args.forEach((a, i) => check(a, `${where}.args[${i}]`));
  for (const field of ["env", "headers"]) {
    const map = server[field];
    if (map && typeof map === "object") {
      for (const [key, value] of Object.entries(map)) check(value, `${where}.${field}.${key}`);
    }
  }
}

/** A remote server (or an override that makes one) cannot take secrets in env. */
function rejectRemoteSecrets(env: Record<string, string> | undefined, where: string): void {
  for (const [key, value] of Object.entries(env ?? {})) {
    if (hasSecretMarker(value)) fail(`${where}.${key}`, SECRET_ONLY_IN_STDIO_ENV);
  }
}

function checkAuth(value: unknown, where: string): void {
  if (value === undefined) return;
  const auth = expectObject(value, where);
  rejectUnknownFields(auth, ["type", "bearerEnvVar"], where);
  optionalOneOf(auth.type, ["oauth", "bearerEnv", "none"], `${where}.type`);
  if (auth.type === undefined) fail(`${where}.type`, "expected oauth | bearerEnv | none");
  optionalString(auth.bearerEnvVar, `${where}.bearerEnvVar`);
  if (auth.type === "bearerEnv" && !auth.bearerEnvVar) {
    fail(
      `${where}.bearerEnvVar`,
      'names the env var holding the token; required with type "bearerEnv"',
    );
  }
}

function checkTools(value: unknown, where: string): void {
  if (value === undefined) return;
  const tools = expectObject(value, where);
  rejectUnknownFields(tools, ["include", "exclude"], where);
  if (tools.include !== undefined) expectArray(tools.include, `${where}.include`);
  optionalStringArray(tools.include, `${where}.include`);
  optionalStringArray(tools.exclude, `${where}.exclude`);
}
