/**
 * Connector identity from package metadata (spec §0.1, §2.1): package.json
 * `name`, `mcpName`, `bin` and `version` give the install id, the host-facing
 * label and the version unless the config overrides them. Pure: callers read
 * package.json; this module only interprets it.
 *
 * Derivation, first match wins:
 * - `id`: explicit `id`; else the bin name (`bin` is the branded command and
 *   the host alias); else the package name without scope and MCP affixes
 *   (`@acme/acme-db-mcp` → `acme-db`); else the last part of `mcpName`.
 * - `displayName`: explicit `displayName`; else the id.
 * - `version`: explicit `version`; else `mcp.version`; else package.json
 *   `version`; else `"0.0.0"`.
 *
 * `mcp` fields in the config win over package.json field by field.
 *
 * @module
 */

import type { McpPackageIdentity } from "./connector_types.ts";

/** The identity fields a config states itself. */
export interface ExplicitIdentity {
  /** Explicit install id. */
  id?: string;
  /** Explicit host-facing label. */
  displayName?: string;
  /** Explicit version. */
  version?: string;
  /** Package identity override. */
  mcp?: McpPackageIdentity;
}

/** A resolved identity; `id` is undefined when nothing could be derived. */
export interface ConnectorIdentity {
  /** The install id, when one could be derived. */
  id?: string;
  /** The host-facing label, when an id exists. */
  displayName?: string;
  /** The version (`0.0.0` when nothing says otherwise). */
  version: string;
  /** The package identity used, when any field is known. */
  mcp?: McpPackageIdentity;
}

/** Package names that say nothing about the product (`@acme/mcp` → `acme`). */
const GENERIC_NAMES = new Set(["mcp", "server", "mcp-server", "connector", "cli", "tool", "tools"]);

/** Lower-cases and turns every run of other characters into one dash. */
export function toKebab(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

function stripMcpAffixes(name: string): string {
  return toKebab(name)
    .replace(/^(mcp-server-|server-|mcp-)/, "")
    .replace(/(-mcp-server|-mcp|-server)$/, "");
}

function meaningful(name: string): string | undefined {
  return name && !GENERIC_NAMES.has(name) ? name : undefined;
}

/**
 * The host alias a package name suggests: the unscoped name without MCP
 * affixes, or the scope when the name is generic.
 *
 * @example
 * ```ts
 * import { aliasFromPackageName } from "./identity.ts";
 * aliasFromPackageName("@acme/acme-db-mcp"); // "acme-db"
 * aliasFromPackageName("@acme/mcp"); // "acme"
 * ```
 */
export function aliasFromPackageName(name: string): string | undefined {
  const match = /^@([^/]+)\/(.+)$/.exec(name.trim());
  const base = meaningful(stripMcpAffixes(match ? match[2] : name));
  if (base || !match) return base;
  return meaningful(stripMcpAffixes(match[1]));
}

/**
 * The host alias an MCP registry name (`io.github.acme/acme-db`) suggests.
 *
 * @example
 * ```ts
 * import { aliasFromMcpName } from "./identity.ts";
 * aliasFromMcpName("io.github.acme/acme-db-server"); // "acme-db"
 * ```
 */
export function aliasFromMcpName(mcpName: string): string | undefined {
  const [namespace, name = ""] = mcpName.trim().split("/");
  return meaningful(stripMcpAffixes(name)) ??
    meaningful(stripMcpAffixes(namespace.split(".").pop() ?? ""));
}

/**
 * The command name a package.json `bin` field installs: a string bin is
 * named after the unscoped package; an object with one key is that key; with
 * several keys, the one matching the package's alias or unscoped name.
 */
export function binName(bin: unknown, packageName?: string): string | undefined {
  const unscoped = packageName?.replace(/^@[^/]+\//, "");
  if (typeof bin === "string") return unscoped || undefined;
  if (bin === null || typeof bin !== "object" || Array.isArray(bin)) return undefined;
  const keys = Object.keys(bin).filter((k) => k.trim() !== "");
  if (keys.length === 1) return keys[0];
  const alias = packageName ? aliasFromPackageName(packageName) : undefined;
  return keys.find((k) => k === alias) ?? keys.find((k) => k === unscoped);
}

/** Reads the identity fields of a parsed package.json; unusable fields are ignored. */
export function identityFromPackageJson(pkg: unknown): McpPackageIdentity {
  if (pkg === null || typeof pkg !== "object") return {};
  const p = pkg as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
  const name = text(p.name);
  const out: McpPackageIdentity = {};
  if (name) out.name = name;
  const mcpName = text(p.mcpName);
  if (mcpName) out.mcpName = mcpName;
  const bin = binName(p.bin, name);
  if (bin) out.bin = bin;
  const version = text(p.version);
  if (version) out.version = version;
  return out;
}

/** Combines what the config states with what package.json says. */
export function resolveIdentity(
  explicit: ExplicitIdentity,
  pkg: McpPackageIdentity = {},
): ConnectorIdentity {
  const mcp: McpPackageIdentity = { ...pkg };
  for (const [key, value] of Object.entries(explicit.mcp ?? {})) {
    if (value !== undefined) mcp[key as keyof McpPackageIdentity] = value;
  }
  const fromBin = mcp.bin ? toKebab(mcp.bin) || undefined : undefined;
  const id = explicit.id ?? fromBin ??
    (mcp.name ? aliasFromPackageName(mcp.name) : undefined) ??
    (mcp.mcpName ? aliasFromMcpName(mcp.mcpName) : undefined);
  const out: ConnectorIdentity = { version: explicit.version ?? mcp.version ?? "0.0.0" };
  if (id !== undefined) {
    out.id = id;
    out.displayName = explicit.displayName ?? id;
  }
  if (Object.keys(mcp).length > 0) out.mcp = mcp;
  return out;
}
