/**
 * MiMoCode (Xiaomi, XiaomiMiMo/MiMo-Code, bin `mimo`), an opencode fork:
 * the opencode family preset under its names. Facts read in its source
 * (./SOURCES.md); it does not install from the npm registry here, so no
 * run has confirmed them.
 *
 * - Folders (./home.ts): config `~/.config/mimocode`, data
 *   `~/.local/share/mimocode`, or `config/` and `data/` of an absolute
 *   `MIMOCODE_HOME`. `MIMOCODE_CONFIG_DIR` adds a folder to the search; it
 *   is not a new home.
 * - MCP: `mcp` in the first of `mimocode.jsonc`, `mimocode.json`,
 *   `config.json` the user has in the config folder (new: `mimocode.jsonc`,
 *   the file MiMoCode seeds); a project's `mimocode.json(c)`. opencode's
 *   entry shape.
 * - Hooks: one generated plugin module per connector in `plugins/` of the
 *   config folder or `.mimocode/` (it loads `plugin/` and `plugins/`
 *   `*.{ts,js}` from every config folder).
 * - Content and memory as opencode, under `.mimocode/`; the CLAUDE.md
 *   fallbacks are off under `MIMOCODE_DISABLE_CLAUDE_CODE(_PROMPT)`.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { opencodeFamily } from "../opencode/family.ts";
import { firstExisting, project } from "../paths.ts";
import { mimoConfig, mimoData } from "./home.ts";

const preset = opencodeFamily({
  id: "mimo-code",
  name: "MiMoCode",
  config: mimoConfig,
  data: mimoData,
  folder: ".mimocode",
  configFile: "mimocode",
  envPrefix: "MIMOCODE",
});

/** The MiMoCode adapter. */
export const adapter: HostAdapter = defineHost(fork(preset, {
  server: {
    paths: {
      user: firstExisting(
        mimoConfig.join("mimocode.jsonc"),
        mimoConfig.join("mimocode.json"),
        mimoConfig.join("config.json"),
      ),
      project: firstExisting(project("mimocode.jsonc"), project("mimocode.json")),
    },
  },
}));
