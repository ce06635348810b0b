/**
 * `defineConnector`: validates a {@link ConnectorConfig} against every rule of
 * spec §2.1–§2.9 and returns the fully defaulted {@link ResolvedConnector}
 * that adapters and the CLI consume. Any violation throws
 * {@link ConnectorConfigError} whose message starts with the field's path.
 *
 * API for other modules:
 * - `defineConnector(config)` — idempotent: a value it already returned is
 *   returned as is (recognized across copies of this library).
 * - `isResolvedConnector(value)` — true for a value defineConnector returned.
 * - `withPackageIdentity(connector, pkg)` — re-derives id/displayName/version
 *   from package.json identity (see core/identity.ts); explicit config fields
 *   still win.
 * - `hasDerivedId(connector)` — false while the id is a placeholder because
 *   neither the config nor package metadata named one.
 *
 * Shapes worth knowing: `platforms.<id>.server` is the complete effective
 * server for that host (already merged over `server`), or `false`; secret
 * references of a stdio env live in `secretEnv`, never in `env`.
 *
 * @module
 */

import type {
  ConnectorConfig,
  McpPackageIdentity,
  ResolvedConnector,
  ResolvedTelemetryConfig,
} from "./connector_types.ts";
import { ConnectorConfigError } from "./errors.ts";
import {
  aliasFromPackageName,
  type ExplicitIdentity,
  resolveIdentity,
  toKebab,
} from "./identity.ts";
import {
  expectKebab,
  expectNonEmptyString,
  expectObject,
  fail,
  isPlainObject,
  optionalBoolean,
  optionalOneOf,
  rejectUnknownFields,
  show,
} from "./_validate.ts";
import { rejectSecretRefs } from "./_validate_secrets.ts";
import { normalizeServer } from "./_validate_server.ts";
import { hasHooks, hookEventsOf, normalizeHooks } from "./_validate_hooks.ts";
import {
  normalizeCommands,
  normalizeMemory,
  normalizeSkills,
  normalizeSubagents,
} from "./_validate_content.ts";
import { normalizeActions, normalizeStatusline } from "./_validate_handlers.ts";
import { hasPlatformPayload, normalizePlatforms, normalizeTargets } from "./_validate_platforms.ts";
import { normalizeOAuth } from "./_validate_oauth.ts";

export { ConnectorConfigError };

/** The id a connector carries until package metadata names it. */
export const PLACEHOLDER_ID = "connector";

const CONFIG_FIELDS = [
  "id",
  "mcp",
  "displayName",
  "version",
  "server",
  "hooks",
  "telemetry",
  "commands",
  "skills",
  "subagents",
  "memory",
  "statusline",
  "actions",
  "platforms",
  "targets",
  "publish",
  "oauth",
];

/** Global, so a connector made by another copy of this library is recognized. */
const RESOLVED = Symbol.for("@ken-jo/agent-connector/resolved");

interface ResolvedMark {
  explicit: ExplicitIdentity;
  derived: boolean;
}

/**
 * Validates `config` and returns it with every default applied.
 *
 * @param config The connector declaration.
 * @returns The resolved connector.
 * @throws {ConnectorConfigError} When any rule of spec §2 is broken.
 *
 * @example In `agent-connector.config.mjs` beside your package.json (its name,
 * bin and version are the connector's identity, so no `id` is needed):
 * ```ts
 * import { defineConnector } from "@ken-jo/agent-connector/sdk";
 *
 * export default defineConnector({
 *   server: { transport: "stdio", command: "npx", args: ["-y", "@acme/acme-db-mcp"] },
 *   hooks: {
 *     PreToolUse: {
 *       matcher: "acme_write",
 *       handler: (evt) => ({ decision: "ask", reason: `Confirm ${evt.toolName}` }),
 *     },
 *   },
 * });
 * ```
 */
export function defineConnector(config: ConnectorConfig): ResolvedConnector {
  if (isResolvedConnector(config)) return config;
  if (!isPlainObject(config)) fail("", `a connector config must be an object, got ${show(config)}`);
  const c = config as Record<string, unknown>;
  // Each section is checked even after another failed, so one run names every
  // problem; the first line of the message stays the first problem found.
  const problems: string[] = [];
  const check = <T>(validate: () => T): T => {
    try {
      return validate();
    } catch (error) {
      if (!(error instanceof ConnectorConfigError)) throw error;
      if (!problems.some((p) => sameField(p, error.message))) problems.push(error.message);
      return undefined as T;
    }
  };
  check(() => rejectUnknownFields(c, CONFIG_FIELDS, "config"));
  const explicit = check(() => explicitIdentity(c));
  check(() =>
    rejectSecretRefs(
      c,
      "",
      (path) =>
        path === "server.env" || path === "oauth" || /^platforms\.[^.]+\.server\.env$/.test(path),
    )
  );

  const server = c.server === undefined
    ? undefined
    : check(() => normalizeServer(c.server, "server"));
  const hooks = c.hooks === undefined ? {} : check(() => normalizeHooks(c.hooks, "hooks"));
  const commands = check(() => normalizeCommands(c.commands));
  const skills = check(() => normalizeSkills(c.skills));
  const subagents = check(() => normalizeSubagents(c.subagents));
  const memory = check(() => normalizeMemory(c.memory));
  const statusline = c.statusline === undefined
    ? undefined
    : check(() => normalizeStatusline(c.statusline));
  const actions = check(() => normalizeActions(c.actions));
  const platforms = check(() => normalizePlatforms(c.platforms, c.server));
  const targets = check(() => normalizeTargets(c.targets));
  const telemetry = check(() => normalizeTelemetry(c.telemetry));
  if (c.publish !== undefined) check(() => checkPublish(c.publish));
  const oauth = check(() => normalizeOAuth(c.oauth));
  if (problems.length === 1) throw new ConnectorConfigError(problems[0]);
  if (problems.length > 1) {
    throw new ConnectorConfigError(
      `${problems[0]}\n${problems.length - 1} more problem(s) in the same config:\n` +
        problems.slice(1).map((p) => `  - ${p}`).join("\n"),
    );
  }

  const declared = server || hasHooks(hooks) || commands.length || skills.length ||
    subagents.length || memory.length || statusline || actions.length ||
    hasPlatformPayload(platforms);
  if (!declared) {
    fail(
      "",
      "a connector must declare at least one of server, hooks, commands, skills, subagents, " +
        "memory, statusline, actions, or a platforms.<id>.nativeHooks / configPatch entry",
    );
  }

  const identity = resolveIdentity(explicit);
  const resolved: ResolvedConnector = {
    id: identity.id ?? PLACEHOLDER_ID,
    displayName: identity.displayName ?? PLACEHOLDER_ID,
    version: identity.version,
    ...(identity.mcp ? { mcp: identity.mcp } : {}),
    ...(server ? { server } : {}),
    hooks,
    hookEvents: hookEventsOf(hooks),
    telemetry,
    commands,
    skills,
    subagents,
    memory,
    ...(statusline ? { statusline } : {}),
    actions,
    platforms,
    targets,
    ...(c.publish !== undefined ? { publish: c.publish as ResolvedConnector["publish"] } : {}),
    oauth,
  };
  return mark(resolved, { explicit, derived: identity.id !== undefined });
}

/**
 * True when two problems are about one field (one path is the other's prefix,
 * `server.secretEnv` and `server.secretEnv.A`): the second adds nothing.
 */
function sameField(a: string, b: string): boolean {
  const path = (m: string) => m.slice(0, Math.max(0, m.indexOf(": ")));
  const [x, y] = [path(a), path(b)];
  if (!x || !y) return false;
  const within = (inner: string, outer: string) =>
    inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return within(x, y) || within(y, x);
}

/** Validates and collects the identity fields the config states. */
function explicitIdentity(c: Record<string, unknown>): ExplicitIdentity {
  const out: ExplicitIdentity = {};
  if (c.id !== undefined) out.id = expectKebab(c.id, "id");
  if (c.displayName !== undefined) {
    out.displayName = expectNonEmptyString(c.displayName, "displayName");
  }
  if (c.version !== undefined) out.version = expectNonEmptyString(c.version, "version");
  if (c.mcp !== undefined) {
    const mcp = expectObject(c.mcp, "mcp");
    rejectUnknownFields(mcp, ["name", "mcpName", "bin", "version"], "mcp");
    for (const field of ["name", "mcpName", "bin", "version"] as const) {
      if (mcp[field] !== undefined) expectNonEmptyString(mcp[field], `mcp.${field}`);
    }
    out.mcp = { ...mcp } as McpPackageIdentity;
  }
  return out;
}

function normalizeTelemetry(value: unknown): ResolvedTelemetryConfig {
  const t = value === undefined ? {} : expectObject(value, "telemetry");
  rejectUnknownFields(t, TELEMETRY_FIELDS, "telemetry");
  optionalBoolean(t.enabled, "telemetry.enabled");
  optionalOneOf(
    t.modelFamilyHint,
    ["auto", "openai", "anthropic", "generic"],
    "telemetry.modelFamilyHint",
  );
  optionalBoolean(t.measureToolDefs, "telemetry.measureToolDefs");
  optionalBoolean(t.hostNativeUsage, "telemetry.hostNativeUsage");
  optionalOneOf(t.store, ["ndjson", "sqlite"], "telemetry.store");
  const calibration = t.calibration === undefined
    ? {}
    : expectObject(t.calibration, "telemetry.calibration");
  rejectUnknownFields(calibration, ["anthropicCountTokens"], "telemetry.calibration");
  optionalBoolean(calibration.anthropicCountTokens, "telemetry.calibration.anthropicCountTokens");
  const r = t as Partial<ResolvedTelemetryConfig>;
  return {
    enabled: r.enabled ?? true,
    modelFamilyHint: r.modelFamilyHint ?? "auto",
    measureToolDefs: r.measureToolDefs ?? true,
    hostNativeUsage: r.hostNativeUsage ?? false,
    store: r.store ?? "ndjson",
    calibration: { anthropicCountTokens: calibration.anthropicCountTokens === true },
  };
}

function mark(connector: ResolvedConnector, data: ResolvedMark): ResolvedConnector {
  Object.defineProperty(connector, RESOLVED, { value: data, enumerable: false });
  return connector;
}

function markOf(value: unknown): ResolvedMark | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const data = (value as Record<symbol, unknown>)[RESOLVED];
  return data && typeof data === "object" ? data as ResolvedMark : undefined;
}

/**
 * True when `value` was returned by `defineConnector` (from any copy of this
 * library), so it must not be validated again.
 *
 * @example
 * ```ts
 * import { defineConnector, isResolvedConnector } from "@ken-jo/agent-connector/sdk";
 * isResolvedConnector(defineConnector({ id: "x", memory: [{ content: "Be brief." }] })); // true
 * isResolvedConnector({ id: "x" }); // false
 * ```
 */
export function isResolvedConnector(value: unknown): value is ResolvedConnector {
  return markOf(value) !== undefined;
}

/**
 * False while `connector.id` is {@link PLACEHOLDER_ID} because neither the
 * config nor package metadata named the connector.
 */
export function hasDerivedId(connector: ResolvedConnector): boolean {
  return markOf(connector)?.derived ?? true;
}

/**
 * Where the connector's id came from: the config's own `id`, or package
 * metadata — the `bin` name, the package `name`, or `mcpName` (spec §2.1
 * order). `undefined` while no id could be derived.
 */
export function idOrigin(
  connector: ResolvedConnector,
): "id" | "bin" | "name" | "mcpName" | undefined {
  const data = markOf(connector);
  if (!data || !data.derived) return undefined;
  if (data.explicit.id !== undefined) return "id";
  const mcp = connector.mcp ?? {};
  if (mcp.bin && toKebab(mcp.bin)) return "bin";
  if (mcp.name && aliasFromPackageName(mcp.name)) return "name";
  return "mcpName";
}

/**
 * Returns `connector` with id, displayName, version and `mcp` re-derived from
 * package.json identity; fields the config states explicitly still win.
 *
 * @param connector A value returned by defineConnector.
 * @param pkg Identity read from package.json (see `identityFromPackageJson`).
 * @returns A new resolved connector; the argument is not changed.
 */
export function withPackageIdentity(
  connector: ResolvedConnector,
  pkg: McpPackageIdentity | undefined,
): ResolvedConnector {
  const data = markOf(connector);
  if (!data) return connector;
  const identity = resolveIdentity(data.explicit, pkg);
  const next: ResolvedConnector = {
    ...connector,
    id: identity.id ?? PLACEHOLDER_ID,
    displayName: identity.displayName ?? PLACEHOLDER_ID,
    version: identity.version,
  };
  if (identity.mcp) next.mcp = identity.mcp;
  return mark(next, { explicit: data.explicit, derived: identity.id !== undefined });
}

const TELEMETRY_FIELDS = [
  "enabled",
  "modelFamilyHint",
  "measureToolDefs",
  "calibration",
  "hostNativeUsage",
  "store",
];

function checkPublish(value: unknown): void {
  const publish = expectObject(value, "publish");
  rejectUnknownFields(
    publish,
    ["registryNamespace", "packageName", "registryBaseUrl", "author"],
    "publish",
  );
  if (publish.author !== undefined) {
    rejectUnknownFields(
      expectObject(publish.author, "publish.author"),
      ["name", "email", "url"],
      "publish.author",
    );
  }
}
