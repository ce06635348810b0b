/**
 * Kilo CLI 7.7.7 headless against the mock (recipes/real-hosts.md): opencode's config
 * shape under `~/.config/kilo/kilo.json`, its `KILO_*` switches and telemetry off, `kilo
 * run`. Our `kilo-cli` adapter installs into it: the server in `mcp`, the generated plugin
 * in `~/.config/kilo/plugins/`, skills, commands and AGENTS.md beside it.
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
  adapter: "kilo-cli",
  // Like opencode, the title request (no tools) is not kept as a message.
  logs: (r) => (r.request?.tools.length ?? 0) > 0,
  command: (
    { bin },
    name,
    args,
  ) => [bin, "run", "--format", "json", "--auto", "--command", name, args],
  // What Kilo writes into its config folder at start when a plugin is there: its plugin
  // package's manifest and install (in the background; 7.7.7's package is not in the
  // registry here, so the install fails and only the manifest and ignore file stay).
  caches: [
    ".config/kilo/node_modules",
    ".config/kilo/package.json",
    ".config/kilo/.gitignore",
    ".config/kilo/bun.lock",
  ],
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
