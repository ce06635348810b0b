/**
 * Kilo CLI 7.7.7 headless against the mock (recipes/real-hosts.md): opencode's config
 * shape under `~/.config/kilo/kilo.json`, its `KILO_*` switches and telemetry off.
 * agent-connector has no Kilo adapter yet, so only the usage reader is checked.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";
import { openCompatConfig } from "./opencode.ts";

/** Kilo CLI in the lab. */
export const kilo: LabHost = {
  id: "kilo",
  usage: "kilo-cli",
  // Like opencode, the title request (no tools) is not kept as a message.
  logs: (r) => (r.request?.tools.length ?? 0) > 0,
  prepare: (ctx) => {
    const dir = join(ctx.box.home, ".config", "kilo");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "kilo.json"), openCompatConfig(ctx));
  },
  env: () => ({
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_TELEMETRY_LEVEL: "off",
  }),
  argv: ({ bin }, prompt) => [bin, "run", "--format", "json", "--auto", prompt],
};
