/**
 * `mcp-server-json`: an MCP Registry `server.json` (schema 2025-12-11,
 * https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json;
 * modelcontextprotocol/registry `docs/reference/server-json/`) describing
 * the developer's REAL upstream server — the published package from
 * `publish.packageName` run over stdio, or the remote endpoint — never the
 * telemetry serve wrapper.
 *
 * - `name` `<publish.registryNamespace>/<connector id>`; `description`
 *   (package.json, 1-100 characters, required); `title`; `version`;
 *   `websiteUrl` (homepage); `repository {url, source}` for GitHub/GitLab.
 * - stdio: `packages: [{registryType, registryBaseUrl?, identifier,
 *   version, runtimeHint, transport: {type: "stdio"}, packageArguments,
 *   environmentVariables}]`; a `${secret:…}` env entry is a required
 *   secret variable (no templating), `${env:…}` references are inputs.
 * - http/sse: `remotes: [{type: "streamable-http"|"sse", url, headers}]`,
 *   references as `{VAR}` variables; a bearer-env auth is an Authorization
 *   header holding a secret variable. No oauth field is ever written.
 *
 * Errors (never a partial file) when `publish.registryNamespace` (always)
 * or `publish.packageName` (stdio) is missing, when package.json has no
 * usable description, or for a ws server.
 *
 * @module
 */

import type { ServerDef } from "../core/connector_types.ts";
import type { EmitInput, EmittedPackage } from "./types.ts";
import { keyValueInput, type RegistryInput, registryTemplate } from "./_registry_inputs.ts";
import { jsonText } from "./_json.ts";

/** The format name. */
export const MCP_SERVER_JSON = "mcp-server-json";

/** The schema the file declares. */
export const SERVER_SCHEMA_ID =
  "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** Thrown when the connector lacks what the format needs. */
export class PublishFieldError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "PublishFieldError";
  }
}

/** The registry type and runtime of `registryBaseUrl` (npm by default). */
function registryKind(base: string | undefined): { type: string; runtime: string } {
  const host = base ? new URL(base).hostname : "registry.npmjs.org";
  if (host === "pypi.org") return { type: "pypi", runtime: "uvx" };
  if (host === "api.nuget.org") return { type: "nuget", runtime: "dnx" };
  return { type: "npm", runtime: "npx" };
}

/** The server's arguments that belong to the package (after its identifier). */
function packageArgs(server: ServerDef, identifier: string): RegistryInput[] {
  const args = server.args ?? [];
  const at = args.findIndex((a) => a === identifier || a.startsWith(`${identifier}@`));
  const own = at >= 0 ? args.slice(at + 1) : args.filter((a) => a !== "-y" && a !== "--yes");
  return own.map((arg) => {
    const t = registryTemplate(arg);
    return Object.keys(t.variables).length
      ? { type: "positional", value: t.value, variables: t.variables }
      : { type: "positional", value: arg };
  });
}

function repository(url: string | undefined): { url: string; source: string } | undefined {
  if (!url) return undefined;
  const clean = url.replace(/^git\+/, "").replace(/\.git$/, "");
  let host: string;
  try {
    host = new URL(clean).hostname;
  } catch {
    return undefined;
  }
  const source = host === "github.com" ? "github" : host === "gitlab.com" ? "gitlab" : undefined;
  return source ? { url: clean, source } : undefined;
}

/** Emits the server.json of a connector; throws {@link PublishFieldError} for a missing field. */
export function emitMcpServerJson({ connector, meta }: EmitInput): EmittedPackage {
  const format = MCP_SERVER_JSON;
  const publish = connector.publish ?? {};
  const server = connector.server;
  const warnings: string[] = [];
  if (!publish.registryNamespace) {
    throw new PublishFieldError(
      `${format} needs publish.registryNamespace in the connector config: the reverse-DNS namespace you own (e.g. "io.github.<user>")`,
    );
  }
  const name = `${publish.registryNamespace}/${connector.id}`;
  if (!NAME.test(name) || name.length > 200) {
    throw new PublishFieldError(
      `${format}: "${name}" is not a registry name (namespace/name of letters, digits, ".", "-", "_") — check publish.registryNamespace`,
    );
  }
  if (!server) throw new PublishFieldError(`${format} needs a server in the connector config`);
  if (!meta.description || meta.description.length > 100) {
    throw new PublishFieldError(
      `${format} needs a description of 1-100 characters: set "description" in the connector's package.json${
        meta.description ? ` (it has ${meta.description.length})` : ""
      }`,
    );
  }
  if (connector.mcp?.mcpName !== name) {
    warnings.push(
      `${format}: the registry checks a package by the mcpName in its package.json — set "mcpName": "${name}" in the package.json of ${
        publish.packageName ?? "your package"
      }`,
    );
  }
  const doc: Record<string, unknown> = {
    $schema: SERVER_SCHEMA_ID,
    name,
    description: meta.description,
  };
  if (connector.displayName.length <= 100) doc.title = connector.displayName;
  doc.version = connector.version;
  if (meta.homepage && /^https?:\/\//.test(meta.homepage)) doc.websiteUrl = meta.homepage;
  const repo = repository(meta.repository);
  if (repo) doc.repository = repo;
  else if (meta.repository) {
    warnings.push(
      `${format}: repository "${meta.repository}" is not on GitHub or GitLab; it is left out`,
    );
  }

  if (server.transport === "stdio") {
    if (!publish.packageName) {
      throw new PublishFieldError(
        `${format} needs publish.packageName in the connector config: the published package that runs your server (e.g. "@acme/acme-db-mcp")`,
      );
    }
    const kind = registryKind(publish.registryBaseUrl);
    const pkg: Record<string, unknown> = { registryType: kind.type };
    if (publish.registryBaseUrl) pkg.registryBaseUrl = publish.registryBaseUrl;
    pkg.identifier = publish.packageName;
    pkg.version = connector.version;
    pkg.runtimeHint = kind.runtime;
    pkg.transport = { type: "stdio" };
    const args = packageArgs(server, publish.packageName);
    if (args.length) pkg.packageArguments = args;
    const env = [
      ...Object.entries(server.env ?? {}).map(([k, v]) => keyValueInput(k, v, false)),
      ...Object.entries(server.secretEnv ?? {}).map(([k, v]) => keyValueInput(k, v, true)),
    ];
    if (env.length) pkg.environmentVariables = env;
    doc.packages = [pkg];
  } else if (server.transport === "http" || server.transport === "sse") {
    const url = registryTemplate(server.url ?? "");
    const remote: Record<string, unknown> = {
      type: server.transport === "http" ? "streamable-http" : "sse",
      url: url.value,
    };
    const headers = Object.entries(server.headers ?? {}).map(([k, v]) =>
      keyValueInput(k, v, k.toLowerCase() === "authorization")
    );
    if (server.auth?.type === "bearerEnv" && server.auth.bearerEnvVar) {
      const has = headers.some((h) => h.name?.toLowerCase() === "authorization");
      if (!has) {
        headers.push(
          keyValueInput("Authorization", `Bearer \${env:${server.auth.bearerEnvVar}}`, true),
        );
      }
    }
    if (headers.length) remote.headers = headers;
    if (Object.keys(url.variables).length) remote.variables = url.variables;
    doc.remotes = [remote];
  } else {
    throw new PublishFieldError(
      `${format}: a ws server cannot be described (server.json has stdio, streamable-http and sse)`,
    );
  }
  return {
    format,
    files: [{ path: "server.json", text: jsonText(doc) }],
    warnings,
    install: [
      "MCP Registry: in <dir>, mcp-publisher login (github for io.github.* names, else dns or http), then mcp-publisher publish",
    ],
  };
}
