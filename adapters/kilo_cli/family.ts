/**
 * What the Kilo CLI and the Kilo Code extension 7.x share: one backend (the
 * extension runs the CLI's server with `KILO_PLATFORM=vscode`), so one set
 * of files — the opencode family preset (adapters/opencode/family.ts) under
 * Kilo's names. Facts in ./mod.ts and ./SOURCES.md.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor, RenderedEntry, ServerRenderInput } from "../descriptor.ts";
import { fork } from "../family.ts";
import { opencodeFamily } from "../opencode/family.ts";
import { firstExisting, project } from "../paths.ts";
import { kiloConfig, kiloData } from "./home.ts";

/**
 * The plugin both Kilo hosts load from the one plugin folder: it names
 * the extension when its backend runs it, the CLI otherwise, so installing
 * either host writes the same bytes.
 */
const KILO_HOOK_HOST = { env: "KILO_PLATFORM", equals: "vscode", then: "kilo", else: "kilo-cli" };

/**
 * The entry renderer both Kilo hosts share: opencode's, with serve told
 * `--host kilo-cli` for either, so the one entry in the one file is the same
 * bytes whichever host installed it (serve's rows for the extension's
 * backend count as the CLI's, as its usage does).
 */
function sharedEntry(
  render: (input: ServerRenderInput) => RenderedEntry,
): (input: ServerRenderInput) => RenderedEntry {
  return (input) => {
    const out = render(input);
    const command = out.entry.command;
    if (!Array.isArray(command)) return out;
    const at = command.indexOf("--host");
    if (at < 0 || at + 1 >= command.length) return out;
    const shared = command.map((arg, i) => (i === at + 1 ? "kilo-cli" : arg));
    return { ...out, entry: { ...out.entry, command: shared } };
  };
}

/** The Kilo preset for host `id`. */
export function kiloFamily(id: HostId, name: string): HostDescriptor {
  const preset = opencodeFamily({
    id,
    name,
    config: kiloConfig,
    data: kiloData,
    folder: ".kilo",
    configFile: "kilo",
    envPrefix: "KILO",
    hookHost: KILO_HOOK_HOST,
  });
  return fork(preset, {
    detect: {
      user: [kiloConfig, kiloData],
      project: [
        project("kilo.json"),
        project("kilo.jsonc"),
        project(".kilo"),
        project(".kilocode"),
      ],
    },
    server: {
      render: sharedEntry(preset.server!.render),
      paths: {
        // The files Kilo reads, in its order; a new one is kilo.jsonc, as Kilo creates it.
        user: firstExisting(
          kiloConfig.join("kilo.jsonc"),
          kiloConfig.join("kilo.json"),
          kiloConfig.join("opencode.jsonc"),
          kiloConfig.join("opencode.json"),
          kiloConfig.join("config.json"),
        ),
        project: firstExisting(
          project(".kilo", "kilo.jsonc"),
          project(".kilo", "kilo.json"),
          project("kilo.jsonc"),
          project("kilo.json"),
        ),
      },
    },
    doctorNotes: [
      {
        text:
          "Kilo loads plugins when it starts: restart Kilo (the CLI, or the VS Code window) after an install or uninstall.",
        about: "hooks",
      },
    ],
  });
}
