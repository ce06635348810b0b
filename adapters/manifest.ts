/**
 * A host's manifest: what the registry knows of it before loading anything
 * else, kept in `adapters/<folder>/host.ts` as `export const host`. Runtime
 * detection reads only manifests (env markers, payload signature, whose hook
 * files the host runs), so telling who called a hook never loads an
 * adapter; the descriptor, the hook dialect and the usage reader load on
 * demand through the manifest's loaders.
 *
 * Lean by contract: manifests are on the hook path, so they import nothing
 * but types and `core/lazy_import.ts`.
 *
 * @module
 */

import type { HostId } from "../core/platform_types.ts";
import type { EnvMarker, HostAdapter } from "./descriptor.ts";
import type { HookDialect } from "./dialect.ts";
import type { UsageReader } from "../usage/reader.ts";

/** Tells this host from a hook call that arrived on another host's hook file. */
export type PayloadSignature = (
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
  /** The host whose hook file the call came through (the command line's). */
  entry: HostId,
) => boolean;

/** The lean head of a host: detection facts and loaders for the rest. */
export interface HostManifest {
  /** Host id (spec §6); its place in `HOST_IDS` is its place in the registry. */
  id: HostId;
  /**
   * Env markers the host sets for the hook processes it runs
   * (`GEMINI_PROJECT_DIR`): they name the host running this hook.
   */
  runtimeEnv?: EnvMarker[];
  /**
   * Env markers the host sets on its own process, so everything it starts
   * inherits them — its terminals, shell tools and MCP servers, and any
   * other agent launched from there (`VSCODE_PID`, `OPENCODE_PID`). They
   * only decide when no host's {@link HostManifest.runtimeEnv} matches:
   * a Gemini CLI hook in VS Code's terminal is Gemini CLI's.
   */
  runtimeEnvAmbient?: EnvMarker[];
  /**
   * Hosts whose env markers this host also sets in its hook processes, for
   * compatibility (Gemini CLI sets `CLAUDE_PROJECT_DIR`): when both match,
   * env detection picks this host.
   */
  runtimeEnvAlsoSets?: HostId[];
  /**
   * Hosts whose hook files this host runs too (VS Code runs Claude Code's,
   * HOSTS.md trap 8): a call through one of those files that matches
   * {@link HostManifest.payloadSignature} is this host's.
   */
  runsHooksOf?: HostId[];
  /** Recognizes this host's hook calls on the files of {@link HostManifest.runsHooksOf}. */
  payloadSignature?: PayloadSignature;
  /**
   * The host's documented hook timeout in ms (HOSTS.md trap 5): `"*"` for
   * every event, and events (native or normalized names) where it differs.
   * Without one the runtime takes the shortest documented (30 s).
   */
  hookTimeoutMs?: Readonly<Record<string, number>>;
  /** Loads the full descriptor. */
  adapter(): Promise<HostAdapter>;
  /** Loads only the hook dialect (what the hook entrypoint needs). */
  dialect?(): Promise<HookDialect>;
  /** Loads the usage reader, when the host has one. */
  usage?(): Promise<UsageReader>;
}
