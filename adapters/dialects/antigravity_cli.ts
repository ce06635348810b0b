/**
 * agy's (Antigravity CLI's) wire format: Antigravity's hook dialect
 * (antigravity.ts) plus its command status line, whose stdin object is
 * Claude Code's shape — `session_id`, `cwd`, `model {id, display_name}`,
 * `workspace {current_dir, project_dir}`, `cost`, `context_window` (the
 * fields yuys13/agystatusline `types/types.go` reads from agy).
 *
 * Lean by contract: loaded on every hook call.
 *
 * @module
 */

import type { HookDialect } from "../dialect.ts";
import { antigravityDialect } from "./antigravity.ts";
import { claudeDialect } from "./claude.ts";

/** agy's dialect. */
export const agyDialect: HookDialect = {
  ...antigravityDialect,
  name: "antigravity-cli",
  statusline: claudeDialect.statusline,
};
