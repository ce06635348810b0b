/**
 * oh-my-pi's sessions: pi's JSONL session files, kept by the fork
 * (can1357/oh-my-pi packages/coding-agent `src/core/session-manager.ts`:
 * `--<cwd>--/` folders, the same `session` / `model_change` / `message`
 * entries with `usage {input, output, cacheRead, cacheWrite, cost}`), in
 * the folders of ./home.ts. Read with pi's reader.
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { homeContext } from "../paths.ts";
import { piFamilyReader } from "../pi/usage.ts";
import { ompSessions } from "./home.ts";

/** omp's sessions folders for `host`. */
export function ompRoots(
  host: { home: string; env: Record<string, string | undefined> },
): string[] {
  return ompSessions.all(homeContext(host));
}

/** The omp reader. */
export const reader: UsageReader = piFamilyReader("omp", ompRoots);
