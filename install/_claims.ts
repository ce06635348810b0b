/**
 * Claims on whole files that several hosts read (and on entries one host's
 * two scopes share, when the project is the home folder). Codex and Zed both read
 * `.agents/skills`; VS Code, Copilot CLI and JetBrains share `~/.copilot/*`
 * and `.github/{skills,agents,prompts}`. Such a file is written once and
 * claimed by each (platform, scope) of the connector that wants it: one
 * ownership record per claim, each with the hash of the bytes that claimant
 * wants. The bytes must agree — a claimant that would write something else
 * is a reported conflict, never a silent overwrite — and the file goes only
 * when its last claim is released.
 *
 * @module
 */

import type { ChangeRecord, InstallScope, PlatformId } from "../core/platform_types.ts";
import type { Ledgers, OwnedRecord } from "../io/ledgers.ts";

/**
 * What claim handling reads and changes of a run: its ledgers and its
 * peers' wants. The engine's `RunContext` (install/_session.ts) is one;
 * naming only this keeps the two modules from importing each other.
 */
export interface ClaimsContext {
  /** The run's loaded ledgers. */
  ledgers: Ledgers;
  /** What the other claimants of shared whole files would write now. */
  peers?: readonly PeerWant[];
}

/** Who claims a file: one host in one scope. */
export interface Claim {
  /** Host id. */
  platform: string;
  /** The install scope; undefined matches any (records from before scopes, direct engine use). */
  scope?: InstallScope;
  /** Another connector holding the claim (only for claims read from its ledger). */
  connector?: string;
}

/**
 * What another claimant of a shared file would write there now, computed by
 * the pipeline from that host's own plan: `hash` of its bytes, or undefined
 * when it no longer renders the file (its claim then constrains nothing).
 */
export interface PeerWant {
  /** The peer's host id. */
  platform: string;
  /** The peer's install scope. */
  scope: InstallScope;
  /** Absolute path of the file. */
  file: string;
  /** The entry's ledger locator; empty for the whole file. */
  at: string;
  /** Hash of what the peer would write (the text, or the entry's value); undefined for nothing. */
  hash?: string;
}

/** True when `r` is the claim `c` (scopes match, or one of them is unknown). */
export function isClaim(r: Pick<OwnedRecord, "platform" | "scope">, c: Claim): boolean {
  return r.platform === c.platform &&
    (r.scope === undefined || c.scope === undefined || r.scope === c.scope);
}

/** Every claim recorded on the entry `at` of `file` (`at` is empty for the whole file). */
export function claimsOn(ctx: ClaimsContext, file: string, at: string): OwnedRecord[] {
  return ctx.ledgers.owned.records.filter((r) => r.file === file && r.at === at);
}

/** Every claim recorded on the whole file `file`. */
export function fileClaims(ctx: ClaimsContext, file: string): OwnedRecord[] {
  return claimsOn(ctx, file, "").filter((r) => r.kind === "file");
}

/** Records (or refreshes) claim `record`, replacing the same claimant's record of that entry or file. */
export function putClaim(ctx: ClaimsContext, record: OwnedRecord): void {
  const list = ctx.ledgers.owned.records;
  const same = (r: OwnedRecord) =>
    r.kind === record.kind && r.file === record.file && r.at === record.at && isClaim(r, record);
  // One pass: most claims are new (appended) or the one record already there.
  let at = -1;
  let count = 0;
  for (let i = 0; i < list.length; i++) {
    if (!same(list[i])) continue;
    if (count++ === 0) at = i;
  }
  if (count === 1 && JSON.stringify(list[at]) === JSON.stringify(record)) return;
  if (count === 0) {
    ctx.ledgers.owned.records = [...list, record];
  } else {
    const rest = list.filter((r) => !same(r));
    rest.splice(at, 0, record);
    ctx.ledgers.owned.records = rest;
  }
  ctx.ledgers.dirty.add("owned");
}

/** Releases claim `c` on the entry `at` of `file` (`""`: the whole file); returns the claims left. */
export function dropClaim(ctx: ClaimsContext, file: string, at: string, c: Claim): OwnedRecord[] {
  const list = ctx.ledgers.owned.records;
  const mine = (r: OwnedRecord) => r.file === file && r.at === at && isClaim(r, c);
  if (list.some(mine)) {
    ctx.ledgers.owned.records = list.filter((r) => !mine(r));
    ctx.ledgers.dirty.add("owned");
  }
  return claimsOn(ctx, file, at);
}

/** The `=` record of a release that leaves the file, entry or block to the claims still on it. */
export function keptRecord(
  platform: PlatformId,
  path: string,
  label: string,
  left: readonly Claim[],
): ChangeRecord {
  return {
    platform,
    action: "skip",
    path,
    detail: `${label}: kept, ${describeClaims(left)} still reads it`,
  };
}

/** `copilot-cli (user), vscode-copilot (user)`; `codex (user) of connector beta` for another connector's claim. */
export function describeClaims(list: readonly Claim[]): string {
  const names = list.map((c) =>
    (c.scope ? `${c.platform} (${c.scope})` : c.platform) +
    (c.connector ? ` of connector ${c.connector}` : "")
  );
  return [...new Set(names)].join(", ");
}

/**
 * The claims on (`file`, `at`) other than `c` that want something else than
 * `hash`: what the pipeline says each would write now ({@link PeerWant}),
 * else what it wrote last. These are the conflicts of writing `hash` for `c`.
 */
export function disagreeing(
  ctx: ClaimsContext,
  file: string,
  at: string,
  c: Claim,
  hash: string,
): OwnedRecord[] {
  return claimsOn(ctx, file, at).filter((r) => {
    if (isClaim(r, c)) return false;
    const peer = ctx.peers?.find((p) =>
      p.file === file && p.at === at && p.platform === r.platform &&
      p.scope === (r.scope ?? c.scope)
    );
    const wants = peer ? peer.hash : r.hash;
    return wants !== undefined && wants !== hash;
  });
}

/** The `!` detail of a write that other claimants of the same file or entry disagree with. */
export function conflictDetail(label: string, c: Claim, others: readonly Claim[]): string {
  return `${label}: ${describeClaims(others)} reads this too and would get something else from ${
    describeClaims([c])
  }; left unchanged. Install the connector for one of them only there ` +
    `(or turn this surface off for one host in platforms["<host>"]), then run install again.`;
}
