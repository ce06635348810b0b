/**
 * Cline CLI 3.0.65 (npm `cline`, a compiled binary behind a node launcher) headless
 * against the mock: an `openai-compatible` provider at the mock in
 * `~/.cline/data/settings/providers.json` (the file `cline auth -p openai-compatible -b
 * <url>` writes), `cline --json <prompt>`. `CLINE_SESSION_BACKEND_MODE=local` keeps the
 * session in this process: by default the CLI starts a detached hub daemon that outlives
 * the run (sdk/packages/core/src/runtime/host/host.ts `resolveConfiguredBackendMode`).
 * Its session lands in `~/.cline/data/sessions/<id>/<id>.messages.json`, which our usage
 * reader reads. Only the usage check runs here: with `adapter: "cline"` (measured once)
 * install, uninstall-bytes, mcp-call, telemetry-row, memory, usage and no-trace pass, while
 * no hook file runs (no hook row; a deny does not stop the call), the skill's description
 * is not in the request and `cline "/lab-define apple"` is not expanded — causes not yet
 * investigated, so those checks are not recorded as limits.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

/** Cline CLI in the lab. */
export const clineCli: LabHost = {
  id: "cline",
  usage: "cline",
  usageOnlyWhy: "the Cline recipe runs the usage check only; its hook, skill and command " +
    "checks fail for causes not yet investigated (tests/lab/hosts/cline.ts)",
  prepare: ({ box, mockUrl }) => {
    const dir = join(box.home, ".cline", "data", "settings");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "providers.json"),
      JSON.stringify(
        {
          version: 1,
          lastUsedProvider: "openai-compatible",
          modes: {},
          providers: {
            "openai-compatible": {
              settings: {
                provider: "openai-compatible",
                apiKey: "lab-dummy-key",
                model: "mock-model",
                baseUrl: `${mockUrl}/v1`,
              },
              updatedAt: "2026-01-01T00:00:00.000Z",
              tokenSource: "manual",
            },
          },
        },
        null,
        2,
      ) + "\n",
    );
  },
  env: () => ({ CLINE_SESSION_BACKEND_MODE: "local", CLINE_NO_AUTO_UPDATE: "1" }),
  argv: ({ bin, box }, prompt) => [bin, "--cwd", box.project, "--json", prompt],
};
