/**
 * The synced platforms (spec §5): cursor, antigravity, antigravity-cli, trae
 * and warp keep no token log on this machine; their usage lives in the
 * vendor's service and needs an external sync that agent-connector does not
 * perform. Each is reported with a skip note.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { UsageReader } from "../reader.ts";

/** The skip note of a synced platform with no local cache. */
export const REQUIRES_SYNC = "requires sync — no local cache found";

/** Builds the reader of a synced platform: no sources, one skip note. */
export function syncedReader(id: HostId): UsageReader {
  return {
    id,
    version: 1,
    confidence: "host-reported",
    sources: () => Promise.resolve([]),
    skipNote: () => REQUIRES_SYNC,
  };
}
