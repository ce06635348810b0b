/**
 * What the other claimants of a shared file or entry would write there now.
 * Before a host's edits are applied, every other (platform, scope) that
 * claims one of the files or entries it writes is planned with the same
 * connector, so the engine can tell an upgrade both agree on (the file
 * changes for both) from two that want different bytes in one place (a
 * conflict).
 *
 * A run keeps what each (platform, scope) claims in a {@link PeerClaims}:
 * its own host's claims are recorded as each host is planned, so a later
 * host sharing a file reuses them instead of planning that peer again. A
 * plan reads the disk, so the pipeline drops them as soon as a host's
 * changes were written; a dry run writes nothing and plans every host once.
 *
 * @module
 */

import { resolve } from "node:path";
import { loadAdapter } from "../adapters/registry.ts";
import type { HostAdapter, ScopeName } from "../adapters/descriptor.ts";
import type { PlatformId } from "../core/platform_types.ts";
import type { PeerWant } from "./_claims.ts";
import { isClaim } from "./_claims.ts";
import type { PlanPart, SurfaceInput } from "./_plan_types.ts";
import { planInstall } from "./plan.ts";
import { claimKey } from "./_dispatch.ts";

const keyOf = (file: string, at: string) => `${file}\0${at}`;

/**
 * What each (platform, scope) planned in this run claims: (file, ledger
 * locator) → hash, by `platform\0scope`. Valid while the disk is unchanged.
 */
export type PeerClaims = Map<string, Map<string, () => string>>;

/**
 * What a plan claims: (file, ledger locator) → hash of the bytes or value,
 * computed when asked (most claims are shared with no other host).
 */
function claimsOf(plan: PlanPart): Map<string, () => string> {
  const out = new Map<string, () => string>();
  for (const e of plan.edits) {
    const k = claimKey(e);
    if (k) out.set(keyOf(resolve(e.file), k.at), k.hash);
  }
  return out;
}

/**
 * Renders the peers of `input`'s host for the files and entries `plan` writes.
 *
 * @param input The host being installed (its connector, context and ledgers).
 * @param plan That host's plan.
 * @param load Finds a claimant's adapter (the registry; tests pass their own hosts).
 * @param known The claims of plans already made against the same disk: read
 *   for the peers, and given this host's and each peer's planned here.
 * @returns One {@link PeerWant} per other claimant of each such file.
 */
export async function peerWants(
  input: SurfaceInput,
  plan: PlanPart,
  load: (id: PlatformId) => Promise<HostAdapter | undefined> = loadAdapter,
  known: PeerClaims = new Map(),
): Promise<PeerWant[]> {
  const { connector, ctx, adapter } = input;
  if (!connector) return [];
  const written = claimsOf(plan);
  known.set(`${adapter.id}\0${ctx.scope}`, written);
  const me = { platform: adapter.id, scope: ctx.scope };
  const peers = new Map<
    string,
    { platform: string; scope: ScopeName; keys: Array<{ file: string; at: string }> }
  >();
  for (const r of input.ledgers.owned.records) {
    if (!written.has(keyOf(r.file, r.at)) || isClaim(r, me)) continue;
    const scope = r.scope ?? ctx.scope;
    if (scope !== "user" && scope !== "project") continue;
    const key = `${r.platform}\0${scope}`;
    const peer = peers.get(key) ?? { platform: r.platform, scope, keys: [] };
    peer.keys.push({ file: r.file, at: r.at });
    peers.set(key, peer);
  }
  const out: PeerWant[] = [];
  for (const [key, peer] of peers) {
    let theirs = known.get(key);
    if (!theirs) {
      const other = await load(peer.platform as PlatformId);
      if (!other) continue; // an adapter gone from this version: its last bytes stand
      theirs = claimsOf(
        await planInstall({ ...input, adapter: other, ctx: { ...ctx, scope: peer.scope } }),
      );
      known.set(key, theirs);
    }
    for (const { file, at } of peer.keys) {
      const hash = theirs.get(keyOf(file, at))?.();
      out.push({ platform: peer.platform, scope: peer.scope, file, at, ...(hash ? { hash } : {}) });
    }
  }
  return out;
}
