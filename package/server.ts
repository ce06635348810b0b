/**
 * A connector's MCP server as a package carries it: the install-time launch
 * resolution (adapters/render/server_launch.ts) with the home binary
 * replaced by the bundled launcher, run as `node <root>/bin/agent-connector.mjs
 * serve …` where `<root>` is the client's plugin-root placeholder — so the
 * telemetry serve wrapper and secret delivery work exactly as after an
 * install, and no absolute path is written. The host's own entry renderer
 * then shapes the entry; whatever it drops comes back as a warning.
 *
 * @module
 */

import type { ServerDef } from "../core/connector_types.ts";
import type { PlatformId } from "../core/platform_types.ts";
import type { RenderedEntry, ServerRenderInput } from "../adapters/descriptor.ts";
import type { EnvRefSyntax } from "../adapters/env_ref.ts";
import { resolveLaunch } from "../adapters/render/server_launch.ts";
import { findSecretRefs } from "../core/interpolation.ts";
import { LAUNCHER_PATH } from "./launcher.ts";

/** What {@link packagedServer} needs. */
export interface PackagedServerOptions {
  /** The effective server. */
  server: ServerDef;
  /** Connector id (the serve wrapper's `--connector`). */
  connectorId: string;
  /** Host-facing label. */
  displayName: string;
  /** The host the package is for (`--host`); `unknown` for a multi-client package. */
  platform: PlatformId;
  /** The client's plugin-root placeholder, e.g. `${PLUGIN_ROOT}`. */
  rootPlaceholder: string;
  /** The client's env-reference syntax, when its MCP config expands references. */
  envRef?: EnvRefSyntax;
  /** The host's entry renderer. */
  render: (input: ServerRenderInput) => RenderedEntry;
  /** The format's name, for warnings. */
  format: string;
}

/** The rendered entry (absent when the server cannot be carried) and the warnings. */
export interface PackagedServer {
  /** The native entry. */
  entry?: Record<string, unknown>;
  /** One sentence per dropped field or skipped server. */
  warnings: string[];
  /** True when the entry runs the bundled launcher (the package must carry it). */
  launcher?: boolean;
}

const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;
const RELATIVE = /^\.\.?(?:[/\\]|$)/;

/** Warnings for paths in the server's command line that only make sense on this machine. */
function pathWarnings(server: ServerDef, format: string): string[] {
  const out: string[] = [];
  const words: Array<[string, string]> = [["server.command", server.command ?? ""]];
  (server.args ?? []).forEach((a, i) => words.push([`server.args[${i}]`, a]));
  for (const [field, word] of words) {
    if (ABSOLUTE.test(word)) {
      out.push(
        `${format}: ${field} "${word}" is an absolute path on this machine; the package carries it verbatim, so it must exist wherever the package is installed — publish the server as a package (npx, uvx) instead`,
      );
    } else if (RELATIVE.test(word)) {
      out.push(
        `${format}: ${field} "${word}" is relative, and the package does not bundle your server's files — publish the server as a package (npx, uvx) instead`,
      );
    }
  }
  return out;
}

/** Resolves and renders the server for one package format. */
export function packagedServer(opts: PackagedServerOptions): PackagedServer {
  const { server, format } = opts;
  const launcher = `${opts.rootPlaceholder}/${LAUNCHER_PATH}`;
  const resolved = resolveLaunch({
    server,
    connectorId: opts.connectorId,
    platform: opts.platform,
    scope: "user",
    homeBin: launcher,
    os: "linux",
    envRef: opts.envRef,
  });
  const warnings = resolved.dropped.map((d) =>
    `${format}: ${d.field} is not packaged: ${d.reason}`
  );
  if (server.transport === "stdio") warnings.push(...pathWarnings(server, format));
  if (!resolved.launch && !resolved.remote) return { warnings };
  let launch = resolved.launch;
  if (launch && resolved.wrapped) {
    launch = { command: "node", args: [launch.command, ...launch.args], env: launch.env };
  }
  const rendered = opts.render({
    id: opts.connectorId,
    displayName: opts.displayName,
    server,
    launch,
    remote: resolved.remote,
  });
  warnings.push(
    ...rendered.dropped.map((d) => `${format}: ${d.field} is not packaged: ${d.reason}`),
  );
  if (rendered.skip) return { warnings: [...warnings, `${format}: ${rendered.skip}`] };
  return { entry: rendered.entry, warnings, launcher: resolved.wrapped };
}

/**
 * The install line for a server whose env references secrets: the serve
 * wrapper reads them from the user's OS keystore under the connector id,
 * so each user stores them once with `secrets set` (spec §3 `secrets`).
 */
export function secretsInstallLine(server: ServerDef | undefined, connectorId: string): string[] {
  const names = [
    ...new Set(Object.values(server?.secretEnv ?? {}).flatMap((v) => findSecretRefs(v))),
  ];
  return names.map((name) =>
    `then store the secret "${name}" once: npx @ken-jo/agent-connector secrets set ${name} --connector-id ${connectorId}`
  );
}
