/**
 * The emitter shared by host-specific plugin formats (claude-plugin,
 * gemini-extension, qwen-extension, cursor-plugin): the host's own adapter
 * descriptor renders the server entry and the content files exactly as
 * `install` would, with the host's `platforms.<id>` overrides applied; a
 * format only states its layout —
 * where the manifest, the MCP servers and each content folder go, the
 * plugin-root placeholder, and its install instructions.
 *
 * @module
 */

import type { ResolvedConnector } from "../core/connector_types.ts";
import { effectiveServer, platformOverride, surfaceDisabled } from "../core/overrides.ts";
import type { FileSurface, HostAdapter } from "../adapters/descriptor.ts";
import type { EnvRefSyntax } from "../adapters/env_ref.ts";
import type { EmitInput, EmittedPackage, PackageFile, PackageMeta } from "./types.ts";
import { packagedServer, secretsInstallLine } from "./server.ts";
import { LAUNCHER_PATH, launcherText } from "./launcher.ts";
import { type PackageSurface, surfaceWarnings } from "./_surfaces.ts";
import { hasHooksFor, packagedHookCommand, type PackagedHooks, packagedHooks } from "./hooks.ts";

/** What one host format states about its layout. */
export interface HostPluginLayout {
  /** The format name. */
  format: string;
  /** The host whose renderers and overrides apply. */
  adapter: HostAdapter;
  /**
   * The plugin-root placeholder the host expands in server args and hook
   * commands; absent when the host's is not verified, so a server that runs
   * the bundled launcher and hooks are not packaged (warned with
   * {@link HostPluginLayout.noRoot}).
   */
  rootPlaceholder?: string;
  /** Why the format has no plugin-root placeholder, for the warnings. */
  noRoot?: string;
  /** The plugin-root placeholder in hook commands, when the host expands another one there. */
  hookRootPlaceholder?: string;
  /** The env-reference syntax the host expands in the plugin's MCP config (none: serve resolves). */
  envRef?: EnvRefSyntax;
  /** The manifest file, given the rendered servers (for formats that inline them). */
  manifest(
    connector: ResolvedConnector,
    meta: PackageMeta,
    servers: Record<string, unknown> | undefined,
  ): PackageFile;
  /** A separate MCP config file, for formats that keep servers outside the manifest. */
  mcpFile?(servers: Record<string, unknown>): PackageFile;
  /** The folder of each content surface the format carries. */
  dirs: Partial<Record<"commands" | "skills" | "subagents", string>>;
  /** The hook file, for formats that carry hooks (with the bundled connector module). */
  hooksFile?(hooks: PackagedHooks["hooks"]): PackageFile;
  /** The context file that carries memory blocks, when the format has one. */
  contextFile?: string;
  /** The file that carries memory blocks (joined, one final newline), when it is not a plain context file. */
  memoryFile?(text: string): PackageFile;
  /** Keys of `platforms.<host>.extra` the host ignores in a plugin's server entry, and why. */
  ignoredExtra?: Record<string, string>;
  /** Why each surface the format does not carry is left out. */
  unsupported: Partial<Record<PackageSurface, string>>;
  /** Install instructions; `<dir>` is the package folder. */
  install: string[];
}

type ContentKey = "commands" | "skills" | "subagents";

/** Emits one host format of a connector. */
export function emitHostPlugin(layout: HostPluginLayout, input: EmitInput): EmittedPackage {
  const { connector, meta } = input;
  const { format, adapter } = layout;
  const warnings: string[] = [];
  const files: PackageFile[] = [];
  let servers: Record<string, unknown> | undefined;
  let launcher = false;
  const server = effectiveServer(connector, adapter.id);
  if (server && !adapter.server?.transports.includes(server.transport)) {
    warnings.push(
      `${format}: the ${server.transport} server is not packaged: ${adapter.name} has no ${server.transport} transport`,
    );
  } else if (server && adapter.server) {
    const packaged = packagedServer({
      server,
      connectorId: connector.id,
      displayName: connector.displayName,
      platform: adapter.id,
      rootPlaceholder: layout.rootPlaceholder ?? "",
      envRef: layout.envRef,
      render: adapter.server.render,
      format,
    });
    // The launcher lives in the package: without the host's root variable its path is unknown.
    const unrooted = packaged.launcher === true && layout.rootPlaceholder === undefined;
    if (unrooted) {
      warnings.push(
        `${format}: the ${server.transport} server is not packaged: it runs through the bundled launcher (telemetry, secrets), and ${layout.noRoot}; install the connector for ${adapter.name}, or set server.wrapForTelemetry: false (with no \${secret:…}) to package the bare server`,
      );
    } else warnings.push(...packaged.warnings);
    if (packaged.entry && !unrooted) {
      // The same entry install writes: the host's `platforms.<id>.extra` keys on top.
      const extra = { ...platformOverride(connector, adapter.id).extra };
      for (const [key, why] of Object.entries(layout.ignoredExtra ?? {})) {
        if (key in extra) {
          warnings.push(`${format}: platforms.${adapter.id}.extra.${key} is not packaged: ${why}`);
          delete extra[key];
        }
      }
      servers = { [connector.id]: { ...packaged.entry, ...extra } };
      launcher = packaged.launcher === true;
    }
  }
  files.push(layout.manifest(connector, meta, servers));
  if (servers && layout.mcpFile) files.push(layout.mcpFile(servers));

  for (const key of ["commands", "skills", "subagents"] as ContentKey[]) {
    const defs = connector[key];
    if (defs.length === 0 || surfaceDisabled(connector, adapter.id, key)) continue;
    const dir = layout.dirs[key];
    const surface = adapter[key] as FileSurface<(typeof defs)[number]> | undefined;
    if (!dir || !surface) {
      warnings.push(`${format}: ${key} not packaged — this format does not carry ${key} yet`);
      continue;
    }
    for (const def of defs) {
      const out = surface.render(def as never);
      for (const f of out.files) files.push({ path: `${dir}/${f.path}`, text: f.text });
      warnings.push(
        ...out.dropped.map((d) =>
          `${format}: ${d.field} of "${def.name}" is not packaged: ${d.reason}`
        ),
      );
    }
  }

  const memory = surfaceDisabled(connector, adapter.id, "memory") ? [] : connector.memory;
  const contextFile = layout.contextFile;
  const memoryFile = layout.memoryFile ??
    (contextFile ? (text: string): PackageFile => ({ path: contextFile, text }) : undefined);
  if (memory.length && memoryFile) {
    files.push(memoryFile(`${memory.map((m) => m.content.replace(/\s+$/, "")).join("\n\n")}\n`));
  }
  const reasons = { ...layout.unsupported };
  if (memoryFile) delete reasons.memory;
  const root = layout.hookRootPlaceholder ?? layout.rootPlaceholder;
  if (layout.hooksFile && root !== undefined && hasHooksFor(connector, adapter.id)) {
    const bundle = input.bundle;
    if (bundle && "files" in bundle) {
      const packaged = packagedHooks(
        connector,
        adapter,
        format,
        (event) =>
          packagedHookCommand(
            root,
            adapter.id,
            event,
            connector.id,
            bundle.entry,
          ),
      );
      warnings.push(...packaged.warnings);
      delete reasons.hooks;
      delete reasons.nativeHooks;
      if (Object.keys(packaged.hooks).length) {
        files.push(layout.hooksFile(packaged.hooks), ...bundle.files);
        launcher = true;
      }
    } else {
      const why = `the connector module cannot be bundled: ${
        bundle?.reason ?? "it was not given to the packager"
      }`;
      reasons.hooks = why;
      reasons.nativeHooks = why;
    }
  }
  warnings.push(...surfaceWarnings(connector, format, reasons));
  if (launcher) files.push({ path: LAUNCHER_PATH, text: launcherText(), executable: true });
  return {
    format,
    files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    warnings,
    install: [...layout.install, ...(launcher ? secretsInstallLine(server, connector.id) : [])],
  };
}
