/**
 * Every usage reader, loaded lazily by host id. To add a host, write
 * `usage/readers/<host_id>.ts` exporting `reader` and add one line here.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { UsageReader } from "../reader.ts";
import { syncedReader } from "./synced.ts";

type Load = () => Promise<UsageReader>;

const synced = (id: HostId): Load => () => Promise.resolve(syncedReader(id));

/** The readers, in report order. */
export const READERS: Partial<Record<HostId, Load>> = {
  "claude-code": async () => (await import("./claude_code.ts")).reader,
  codex: async () => (await import("./codex.ts")).reader,
  "gemini-cli": async () => (await import("./gemini_cli.ts")).reader,
  "qwen-code": async () => (await import("./qwen_code.ts")).reader,
  pi: async () => (await import("./pi.ts")).reader,
  opencode: async () => (await import("./opencode.ts")).reader,
  "grok-build": async () => (await import("./grok_build.ts")).reader,
  cursor: async () => (await import("./cursor.ts")).reader,
  antigravity: synced("antigravity"),
  "antigravity-cli": synced("antigravity-cli"),
  trae: synced("trae"),
  warp: synced("warp"),
  goose: async () => (await import("./goose.ts")).reader,
  hermes: async () => (await import("./hermes.ts")).reader,
  crush: async () => (await import("./crush.ts")).reader,
  amp: async () => (await import("./amp.ts")).reader,
  droid: async () => (await import("./droid.ts")).reader,
  kimi: async () => (await import("./kimi.ts")).reader,
  "copilot-cli": async () => (await import("./copilot_cli.ts")).reader,
  kiro: async () => (await import("./kiro.ts")).reader,
  "kilo-cli": async () => (await import("./kilo_cli.ts")).reader,
  openclaw: async () => (await import("./openclaw.ts")).reader,
};

/** The host ids that have a usage reader. */
export function readerIds(): HostId[] {
  return Object.keys(READERS) as HostId[];
}

/** Loads the reader of `id`; throws `RangeError` when there is none. */
export function loadReader(id: HostId): Promise<UsageReader> {
  const load = READERS[id];
  if (!load) throw new RangeError(`no usage reader for "${id}"`);
  return load();
}
