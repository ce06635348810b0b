/**
 * Open Interpreter's usage: its Codex-based CLI writes Codex rollouts
 * (`sessions/YYYY/MM/DD/rollout-*.jsonl`, `archived_sessions/`) in its own
 * home, read by Codex's reader.
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { codexRolloutReader } from "../codex/usage.ts";
import { interpreterHome } from "./home.ts";

/** The Open Interpreter reader. */
export const reader: UsageReader = codexRolloutReader("open-interpreter", interpreterHome);
