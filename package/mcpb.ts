/**
 * `mcpb`: an MCPB manifest (`manifest.json`, manifest_version 0.3;
 * github.com/modelcontextprotocol/mcpb MANIFEST.md and
 * `schemas/mcpb-manifest-v0.3.schema.json`) for the developer's REAL
 * upstream server — its own command line, never the serve wrapper — to put
 * next to the server's files and pack with `mcpb pack`.
 *
 * - `name`, `display_name`, `version`, `description` (package.json,
 *   required), `author` (`publish.author`, else package.json `author`;
 *   `name` required), `repository {type: "git", url}`, `homepage`,
 *   `license`, `keywords`.
 * - `server {type, entry_point, mcp_config {command, args, env}}`:
 *   `node <relative file>` → type node, that file as the entry point and
 *   `${__dirname}/<file>` in args; `npx`/`node` of the package whose
 *   package.json `main` is known → type node with that entry point (the
 *   mcpb repository's npx-node example); `python`/`uv`/`uvx` → python;
 *   anything else → binary.
 * - `${secret:NAME}` → a sensitive, required `user_config` field, and
 *   `${env:VAR}` → a plain one (its default carried over), each
 *   substituted as `${user_config.<key>}`; no value is written.
 *
 * Errors when the server is remote (MCPB is local), or the description,
 * author or entry point cannot be told.
 *
 * @module
 */

import type { ServerDef } from "../core/connector_types.ts";
import { parseTemplate } from "../core/interpolation.ts";
import type { EmitInput, EmittedPackage, PackageMeta } from "./types.ts";
import { PublishFieldError } from "./mcp_server_json.ts";
import { jsonText } from "./_json.ts";

/** The format name. */
export const MCPB = "mcpb";

interface UserConfigField {
  type: "string";
  title: string;
  description: string;
  sensitive?: boolean;
  required: boolean;
  default?: string;
}

/** A user_config key for a variable or secret name: lower-case letters, digits and `_`. */
function keyOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
}

/** Rewrites `value`'s references as `${user_config.<key>}`, declaring each field once. */
function substitute(value: string, fields: Record<string, UserConfigField>): string {
  return parseTemplate(value).map((part) => {
    if (part.kind === "text") return part.text;
    let key = keyOf(part.name) || "value";
    // Two names with one key (DB_PASS and the secret db-pass): number the later one.
    for (let n = 2; fields[key] && fields[key].title !== part.name; n++) {
      key = `${keyOf(part.name) || "value"}_${n}`;
    }
    if (part.kind === "secret") {
      fields[key] ??= {
        type: "string",
        title: part.name,
        description: `The secret "${part.name}"`,
        sensitive: true,
        required: true,
      };
    } else {
      fields[key] ??= {
        type: "string",
        title: part.name,
        description: `The value of ${part.name}`,
        required: part.default === undefined,
        ...(part.default !== undefined ? { default: part.default } : {}),
      };
    }
    return `\${user_config.${key}}`;
  }).join("");
}

const RELATIVE_FILE = /^\.\/|^[^\-\/\\$][^\\]*\.(?:m?js|cjs|ts|py)$/;

/** The server type and entry point, or an error naming what is missing. */
function entryOf(server: ServerDef, meta: PackageMeta, packageName: string | undefined) {
  const command = server.command ?? "";
  const args = server.args ?? [];
  const script = args.find((a) => !a.startsWith("-"));
  if ((command === "node" || /^python3?$/.test(command)) && script && RELATIVE_FILE.test(script)) {
    const file = script.replace(/^\.\//, "");
    return {
      type: command === "node" ? "node" : "python",
      entry: file,
      args: args.map((a) => (a === script ? `\${__dirname}/${file}` : a)),
    };
  }
  if ((command === "npx" || command === "node") && meta.main && meta.packageName === packageName) {
    return { type: "node", entry: meta.main.replace(/^\.\//, ""), args };
  }
  if (/^(?:python3?|uvx?)$/.test(command) || command === "npx") {
    throw new PublishFieldError(
      `${MCPB} needs the server's entry file: run it as "node <file>" / "python <file>" in server.command/args, or set "main" in the package.json of ${
        packageName ?? "the server package"
      }`,
    );
  }
  return { type: "binary", entry: command, args };
}

/** Emits the MCPB manifest of a connector; throws {@link PublishFieldError} for a missing field. */
export function emitMcpb({ connector, meta }: EmitInput): EmittedPackage {
  const server = connector.server;
  if (!server || server.transport !== "stdio") {
    throw new PublishFieldError(
      `${MCPB} describes a local stdio server; this connector's server is ${
        server ? server.transport : "missing"
      }`,
    );
  }
  if (!meta.description) {
    throw new PublishFieldError(
      `${MCPB} needs a description: set "description" in the connector's package.json`,
    );
  }
  if (!meta.author) {
    throw new PublishFieldError(
      `${MCPB} needs publish.author.name in the connector config (or "author" in package.json)`,
    );
  }
  const packageName = connector.publish?.packageName ?? meta.packageName;
  const entry = entryOf(server, meta, packageName);
  const fields: Record<string, UserConfigField> = {};
  const args = entry.args.map((a) => substitute(a, fields));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...server.env, ...server.secretEnv })) {
    env[k] = substitute(v, fields);
  }
  const manifest: Record<string, unknown> = {
    manifest_version: "0.3",
    name: connector.id,
    ...(connector.displayName !== connector.id ? { display_name: connector.displayName } : {}),
    version: connector.version,
    description: meta.description,
    author: meta.author,
  };
  if (meta.repository) {
    manifest.repository = { type: "git", url: meta.repository.replace(/^git\+/, "") };
  }
  if (meta.homepage) manifest.homepage = meta.homepage;
  manifest.server = {
    type: entry.type,
    entry_point: entry.entry,
    mcp_config: {
      command: server.command,
      ...(args.length ? { args } : {}),
      ...(Object.keys(env).length ? { env } : {}),
    },
  };
  if (meta.keywords) manifest.keywords = meta.keywords;
  if (meta.license) manifest.license = meta.license;
  if (Object.keys(fields).length) manifest.user_config = fields;
  return {
    format: MCPB,
    files: [{ path: "manifest.json", text: jsonText(manifest) }],
    warnings: [],
    install: [
      "MCPB (Claude Desktop and other MCPB clients): put manifest.json in your server's package folder, run npx @anthropic-ai/mcpb pack there, and open the .mcpb",
    ],
  };
}
