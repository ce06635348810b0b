/**
 * NemoClaw (NVIDIA/NemoClaw, npm `nemoclaw`), NVIDIA's wrapper that runs
 * OpenClaw inside an OpenShell sandbox. Facts from its source (cited in
 * SOURCES.md):
 *
 * - Detection: `~/.nemoclaw/` (its credentials, sandbox registry and
 *   onboarding config: `bin/lib/credentials.js`, `registry.js`,
 *   `onboard.js`).
 * - Everything else is OpenClaw's (../openclaw/family.ts): NemoClaw keeps
 *   no MCP or plugin config of its own, and OpenClaw reads
 *   `~/.openclaw/openclaw.json`, so the connector is registered there
 *   twice over — `mcp.servers.<id>` and the plugin in both
 *   `plugins.load.paths` and `plugins.entries` — exactly as for OpenClaw,
 *   with the same plugin bytes (it speaks OpenClaw's hook dialect). Its
 *   `nativeHooks` are OpenClaw's hook catalog names
 *   (docs/plugins/hooks/reference.md of the openclaw package), wired by the
 *   same `api.on`; only they name `nemoclaw`, so the handler is read from
 *   `platforms.nemoclaw.nativeHooks`.
 * - The sandbox: NemoClaw's migration snapshots `~/.openclaw` into the
 *   sandbox (`nemoclaw-blueprint/migrations/snapshot.py`), where
 *   `openclaw.json` is read-only (Dockerfile: root-owned, mode 444). The
 *   plugin there runs our home binary by its host path, which the sandbox
 *   lacks, so hooks stay silent inside it (fail-open) until the connector
 *   is installed in the sandbox image too; the doctor note says so.
 * - Actions: NemoClaw's own plugin registers the `/nemoclaw` slash command
 *   with OpenClaw's `api.registerCommand` (`nemoclaw/src/index.ts`), the
 *   native trigger the spec names; the generated plugin registers each
 *   connector action the same way, as OpenClaw's adapter does.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { home } from "../paths.ts";
import { openclawFamily } from "../openclaw/family.ts";

const base = openclawFamily({ id: "nemoclaw", name: "NemoClaw", detect: [home(".nemoclaw")] });

/** The NemoClaw adapter: OpenClaw's descriptor, detected by `~/.nemoclaw`. */
export const adapter: HostAdapter = defineHost(fork(base, {
  doctorNotes: [
    ...base.doctorNotes ?? [],
    {
      text:
        "NemoClaw's sandbox runs OpenClaw from a read-only snapshot of ~/.openclaw: re-run `nemoclaw onboard` after an install, and expect hooks to stay silent inside the sandbox unless agent-connector is installed there too.",
      about: ["server", "hooks"],
    },
  ],
}));
