/**
 * Every usage reader, loaded lazily by host id. A host with a folder under
 * `adapters/` keeps its reader there (`adapters/<folder>/usage.ts`, named by
 * its manifest) and is found through the host registry's rows; the readers
 * of hosts without a folder yet are listed here (`usage/readers/<id>.ts`).
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { UsageReader } from "../reader.ts";
import { syncedReader, syncNote } from "./synced.ts";
import { HOSTS } from "../../adapters/hosts.gen.ts";

type Load = () => Promise<UsageReader>;

const synced = (id: HostId): Load => () => Promise.resolve(syncedReader(id));

/** The readers of hosts with a folder, in registry order. */
const FROM_FOLDERS: Partial<Record<HostId, Load>> = Object.fromEntries(
  HOSTS.filter((h) => h.usage).map((h) => [h.id, () => h.host.usage!()]),
);

/** The readers, in report order: hosts with a folder, then the others. */
export const READERS: Partial<Record<HostId, Load>> = {
  ...FROM_FOLDERS,
  antigravity: synced("antigravity"),
  "antigravity-cli": synced("antigravity-cli"),
  trae: synced("trae"),
  warp: synced("warp"),
  windsurf: synced("windsurf"),
  "jetbrains-copilot": synced("jetbrains-copilot"),
};

/** The synced platforms: no local log by design (`synced.ts`). */
const SYNCED: readonly HostId[] = [
  "cursor",
  "antigravity",
  "antigravity-cli",
  "trae",
  "warp",
  "windsurf",
  "jetbrains-copilot",
];

/**
 * The skip note of platform `id` when it found no sources: "requires sync"
 * for a synced platform whose app is installed, else none. Asked afresh on
 * every scan, kept state or not (an app may be installed since), without
 * loading a reader.
 */
export function skipNoteOf(id: HostId, host: { home: string }): string | undefined {
  return SYNCED.includes(id) ? syncNote(id, host) : undefined;
}

/** The host ids that have a usage reader. */
export function readerIds(): HostId[] {
  return Object.keys(READERS) as HostId[];
}

/** Each reader's load, once: a scan asks for its reader once per source. */
const loaded = new Map<HostId, Promise<UsageReader>>();

/** Loads the reader of `id`; throws `RangeError` when there is none. */
export function loadReader(id: HostId): Promise<UsageReader> {
  let reader = loaded.get(id);
  if (reader) return reader;
  const load = READERS[id];
  if (!load) throw new RangeError(`no usage reader for "${id}"`);
  loaded.set(id, reader = load());
  return reader;
}
