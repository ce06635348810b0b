/**
 * Cline CLI 3.0.65 (npm `cline`, a compiled binary behind a node launcher) headless
 * against the mock: an `openai-compatible` provider at the mock in
 * `~/.cline/data/settings/providers.json` (the file `cline auth -p openai-compatible -b
 * <url>` writes), `cline --json <prompt>`. `CLINE_SESSION_BACKEND_MODE=local` keeps the
 * session in this process: by default the CLI starts a detached hub daemon that outlives
 * the run (sdk/packages/core/src/runtime/host/host.ts `resolveConfiguredBackendMode`).
 * Its session lands in `~/.cline/data/sessions/<id>/<id>.messages.json`, which our usage
 * reader reads.
 *
 * Hooks, workflows and rules: the extension's Documents folder is `xdg-user-dir
 * DOCUMENTS`, which on a machine with that script but no `~/.config/user-dirs.dirs`
 * (this one) is HOME itself, while the CLI always reads `~/Documents/Cline/{Hooks,
 * Workflows}` (sdk/packages/shared/src/storage/paths.ts `resolveDocumentsExtensionPath`;
 * 3.0.65 reads `~/Cline/Rules` as well, but not Hooks or Workflows). A user install
 * writes both folders (adapters/cline/documents.ts), so the box keeps the machine's
 * case: no user-dirs.dirs.
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LabHost } from "./_types.ts";

const NO_SKILL_DESCRIPTION = 'Cline CLI 3.0.65 names skills in its `skills` tool ("Available ' +
  "skills: <names>\") and sends a skill's description only when the skill is invoked " +
  "(sdk/packages/core/src/extensions/tools/definitions.ts)";

/** Cline CLI in the lab. */
export const clineCli: LabHost = {
  id: "cline",
  adapter: "cline",
  command: "prompt",
  limits: {
    skill: NO_SKILL_DESCRIPTION,
    // Measured: the denied call never reaches the server, but the run ends "aborted" with
    // no further model request.
    "hook-deny": "Cline CLI 3.0.65 ends the whole run when a PreToolUse hook cancels: a " +
      "hook file's `cancel` becomes `stop`, never `skip` (sdk/packages/core/src/hooks/" +
      "hook-file-hooks.ts beforeToolResultFromControl), so the model never sees the reason",
    // Measured: the request holds "LAB-COMMAND-3e8f: define $ARGUMENTS with the
    // lab_lookup tool. apple".
    command: "Cline 3.0.65 expands `/lab-define apple` but has no argument placeholder: " +
      "it appends what follows the command to the workflow's text (sdk/packages/core/src/" +
      "extensions/config/runtime-commands.ts resolveRuntimeSlashCommandFromWatcher)",
  },
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
