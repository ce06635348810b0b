/**
 * The adapter registry: one row per host folder (`adapters/<folder>/host.ts`),
 * in the order of `HOST_IDS` (spec §6; the order is load-bearing for runtime
 * host detection). The rows come from `adapters/hosts.gen.ts`, which
 * `deno task build:hosts` writes from the folders (scripts/build_hosts.ts);
 * nobody edits a list to add a host.
 *
 * The rows hold each host's manifest (small: detection facts and loaders);
 * everything else loads lazily, so the hook entrypoint loads the one
 * dialect it needs and no adapter.
 *
 * @module
 */

import type { HostId, PlatformId } from "../core/platform_types.ts";
import { HOST_IDS } from "../core/platform_types.ts";
import type { HostAdapter } from "./descriptor.ts";
import type { HookDialect } from "./dialect.ts";
import type { HostManifest } from "./manifest.ts";
import { HOOK_READERS, HOSTS } from "./hosts.gen.ts";

/** One registered host. */
export interface RegistryEntry {
  /** The host id. */
  id: HostId;
  /** The folder under `adapters/` that holds the host. */
  folder: string;
  /** The host's manifest (adapters/manifest.ts). */
  host: HostManifest;
  /** Loads the host's adapter. */
  load(): Promise<HostAdapter>;
}

/** The registered hosts, in registry order. */
export const REGISTRY: readonly RegistryEntry[] = HOSTS.map((row) => ({
  id: row.id,
  folder: row.folder,
  host: row.host,
  load: () => row.host.adapter(),
}));

/** The registry row for `id`, if that host is implemented. */
export function registryEntry(id: string): RegistryEntry | undefined {
  return REGISTRY.find((e) => e.id === id);
}

/** Loads the adapter of `id`, or undefined for an unknown or unimplemented host. */
export async function loadAdapter(id: PlatformId | string): Promise<HostAdapter | undefined> {
  return await registryEntry(id)?.load();
}

/** Loads every implemented adapter, in registry order. */
export async function loadAllAdapters(): Promise<HostAdapter[]> {
  return await Promise.all(REGISTRY.map((e) => e.load()));
}

/** Loads the hook dialect of `id`, if the host has one. */
export async function loadDialect(id: PlatformId | string): Promise<HookDialect | undefined> {
  return await registryEntry(id)?.host.dialect?.();
}

/** The manifests of the hosts that run `id`'s hook files too (`runsHooksOf`), in registry order. */
export function hookReaders(id: HostId): HostManifest[] {
  return (HOOK_READERS[id] ?? []).map((r) => registryEntry(r)!.host);
}

/** True when `ids` follow the order of `HOST_IDS` (a registry invariant). */
export function inRegistryOrder(ids: readonly string[]): boolean {
  const at = ids.map((id) => (HOST_IDS as readonly string[]).indexOf(id));
  return at.every((n, i) => n >= 0 && (i === 0 || n > at[i - 1]));
}
