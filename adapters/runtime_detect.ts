/**
 * Runtime host detection: which host is running this hook (or server) now.
 *
 * Precedence: the platform id in the command line (written by install, so
 * it is exact) — except when the payload shows another host that reads this
 * host's hook files (VS Code runs Claude Code's hooks, HOSTS.md trap 8;
 * {@link FOREIGN_READERS}) — then `AGENT_CONNECTOR_HOST`, then env markers of each registered host in
 * registry order, else `unknown`. Hosts set each other's markers for
 * compatibility (Gemini CLI, Qwen Code and Continue's CLI set
 * `CLAUDE_PROJECT_DIR`, Qwen also `GEMINI_PROJECT_DIR`): a host that
 * declares it sets another's markers (`runtimeEnvAlsoSets`) wins over that
 * host when both match. Markers a host's hook runner sets (`runtimeEnv`)
 * come before markers every process under a host inherits
 * (`runtimeEnvAmbient`: `VSCODE_PID`, `CURSOR_TRACE_ID`, `CODEX_THREAD_ID`),
 * so a hook of an agent started in another host's terminal is the agent's.
 *
 * Hosts that run another host's hook files declare it in their manifests
 * (`runsHooksOf`, with the `payloadSignature` that tells their calls
 * apart). Lean: detection reads manifests only, never an adapter.
 *
 * @module
 */

import type { HostId, PlatformId } from "../core/platform_types.ts";
import { isHostId } from "../core/platform_types.ts";
import { isHookEventName } from "../core/hook_types.ts";
import type { EnvMarker } from "./descriptor.ts";
import type { HookDialect } from "./dialect.ts";
import { importLazily } from "../core/lazy_import.ts";

/** How the host was decided. */
export type DetectionSource = "argv" | "payload" | "env-override" | "env-marker" | "none";

/** The detected host. */
export interface RuntimeHost {
  /** The host id, or `unknown`. */
  platform: PlatformId;
  /** What decided it. */
  via: DetectionSource;
}

/** True when one env marker is present in `env`. */
export function markerPresent(marker: EnvMarker, env: Record<string, string | undefined>): boolean {
  if (typeof marker === "string") return Boolean(env[marker]);
  return env[marker.name] === marker.equals;
}

/**
 * Detects the host without a command-line platform: `AGENT_CONNECTOR_HOST`,
 * then hook markers — the first host in registry order whose markers are
 * set and whose markers no other matching host declares it also sets —
 * then, when none is set, the first host whose ambient markers are.
 */
export async function detectRuntimeHost(
  env: Record<string, string | undefined>,
): Promise<RuntimeHost> {
  const override = env.AGENT_CONNECTOR_HOST;
  if (isHostId(override)) return { platform: override, via: "env-override" };
  const { REGISTRY } = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  const hosts = REGISTRY.map((entry) => entry.host);
  const matches = hosts.filter((h) => h.runtimeEnv?.some((m) => markerPresent(m, env)));
  const shadowed = new Set(matches.flatMap((h) => h.runtimeEnvAlsoSets ?? []));
  const host = matches.find((h) => !shadowed.has(h.id)) ?? matches[0] ??
    hosts.find((h) => h.runtimeEnvAmbient?.some((m) => markerPresent(m, env)));
  return host ? { platform: host.id, via: "env-marker" } : { platform: "unknown", via: "none" };
}

/**
 * Loads the hook dialect of `id` (adapters/registry.ts, imported lazily so
 * the registry's rows stay out of the hook's start-up graph).
 */
export async function loadDialect(id: string): Promise<HookDialect | undefined> {
  const registry = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  return await registry.loadDialect(id);
}

/**
 * The hook timeout of `platform` for `event` in ms, from its manifest
 * (`hookTimeoutMs`); hosts whose default is not documented get the
 * shortest one documented (VS Code's and Copilot CLI's 30 s).
 */
export async function hookTimeoutMs(platform: string, event: string): Promise<number> {
  const { registryEntry } = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  const timeouts = registryEntry(platform)?.host.hookTimeoutMs;
  return timeouts?.[event] ?? timeouts?.["*"] ?? 30_000;
}

/** Decides the host of a hook call (see the module doc for the precedence). */
export async function resolveHookHost(
  argvPlatform: string | undefined,
  raw: Record<string, unknown> | undefined,
  env: Record<string, string | undefined>,
): Promise<RuntimeHost> {
  if (isHostId(argvPlatform)) {
    if (raw) {
      const { hookReaders } = await importLazily<typeof import("./registry.ts")>(
        "./registry.ts",
        import.meta.url,
      );
      for (const reader of hookReaders(argvPlatform)) {
        if (reader.payloadSignature?.(raw, env, argvPlatform)) {
          return { platform: reader.id, via: "payload" };
        }
      }
    }
    return { platform: argvPlatform, via: "argv" };
  }
  return await detectRuntimeHost(env);
}

/** Where a connector is installed, as the connector record keeps it. */
export interface InstallPlace {
  /** The host. */
  platform: string;
  /** The scope. */
  scope: "user" | "project";
  /** The project, for project scope. */
  projectDir?: string;
}

/**
 * True when `path` is `dir` or below it. Plain string work on purpose: this
 * module is on the hook's start-up graph, which holds no `node:` built-in.
 */
export function within(path: string, dir: string): boolean {
  const norm = (p: string) => p.replaceAll("\\", "/").replace(/\/+$/, "");
  const win = /^[A-Za-z]:/.test(dir);
  const [a, b] = win
    ? [norm(path).toLowerCase(), norm(dir).toLowerCase()]
    : [norm(path), norm(dir)];
  return a === b || a.startsWith(`${b}/`);
}

/**
 * True when `host`, firing `event` in `cwd`, also runs an entry of its own
 * for this connector: an install row for `host` whose hook file `host` reads
 * there (its user file, or the project file of a project holding `cwd`), for
 * an event the connector declares on `host`. Then the foreign entry `host`
 * runs as well must stay quiet, so the handler answers once (HOSTS.md trap
 * 8). Loads `host`'s descriptor, which only happens on that foreign path.
 */
export async function hostRunsOwnEntry(
  host: HostId,
  event: string,
  installs: readonly InstallPlace[],
  cwd: string | undefined,
  declared: (host: HostId, event: string) => boolean,
): Promise<boolean> {
  const rows = installs.filter((r) => r.platform === host);
  if (!rows.length || !isHookEventName(event) || !declared(host, event)) return false;
  const { loadAdapter } = await importLazily<typeof import("./registry.ts")>(
    "./registry.ts",
    import.meta.url,
  );
  const hooks = (await loadAdapter(host))?.hooks;
  if (!hooks?.events[event]) return false;
  return rows.some((r) =>
    r.scope === "user"
      ? hooks.paths.user !== undefined
      : hooks.paths.project !== undefined && (!r.projectDir || !cwd || within(cwd, r.projectDir))
  );
}
