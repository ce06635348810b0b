/**
 * What the other claimants of a shared whole file would write there now.
 * Before a host's edits are applied, every other (platform, scope) that
 * claims one of the files it writes is planned with the same connector, so
 * the engine can tell an upgrade both hosts agree on (the file changes for
 * both) from two hosts that want different bytes in one file (a conflict).
 *
 * @module
 */

import { sha256Hex } from "../core/hash.ts";
import { loadAdapter } from "../adapters/registry.ts";
import type { HostAdapter, ScopeName } from "../adapters/descriptor.ts";
import type { PlatformId } from "../core/platform_types.ts";
import type { PeerWant } from "./_claims.ts";
import { isClaim } from "./_claims.ts";
import type { PlanPart, SurfaceInput } from "./_plan_types.ts";
import { planInstall } from "./plan.ts";

/** The whole files a plan writes: path → sha256 of the text. */
function filesOf(plan: PlanPart): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of plan.edits) if (e.op === "file.set") out.set(e.file, sha256Hex(e.content));
  return out;
}

/**
 * Renders the peers of `input`'s host for the files `plan` writes.
 *
 * @param input The host being installed (its connector, context and ledgers).
 * @param plan That host's plan.
 * @param load Finds a claimant's adapter (the registry; tests pass their own hosts).
 * @returns One {@link PeerWant} per other claimant of each such file.
 */
export async function peerWants(
  input: SurfaceInput,
  plan: PlanPart,
  load: (id: PlatformId) => Promise<HostAdapter | undefined> = loadAdapter,
): Promise<PeerWant[]> {
  const { connector, ctx, adapter } = input;
  if (!connector) return [];
  const written = filesOf(plan);
  const me = { platform: adapter.id, scope: ctx.scope };
  const peers = new Map<string, { platform: string; scope: ScopeName; files: string[] }>();
  for (const r of input.ledgers.owned.records) {
    if (r.kind !== "file" || !written.has(r.file) || isClaim(r, me)) continue;
    const scope = r.scope ?? ctx.scope;
    if (scope !== "user" && scope !== "project") continue;
    const key = `${r.platform}\0${scope}`;
    const peer = peers.get(key) ?? { platform: r.platform, scope, files: [] };
    peer.files.push(r.file);
    peers.set(key, peer);
  }
  const out: PeerWant[] = [];
  for (const peer of peers.values()) {
    const other = await load(peer.platform as PlatformId);
    if (!other) continue; // an adapter gone from this version: its last bytes stand
    const theirs = filesOf(
      await planInstall({ ...input, adapter: other, ctx: { ...ctx, scope: peer.scope } }),
    );
    for (const file of peer.files) {
      const hash = theirs.get(file);
      out.push({ platform: peer.platform, scope: peer.scope, file, ...(hash ? { hash } : {}) });
    }
  }
  return out;
}
