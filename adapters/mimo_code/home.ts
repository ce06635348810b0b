/**
 * MiMoCode's folders (XiaomiMiMo/MiMo-Code `packages/shared/src/global.ts`,
 * `resolveMimocodeHome`): opencode's xdg-basedir layout under the name
 * `mimocode` — config `~/.config/mimocode`, data `~/.local/share/mimocode` —
 * unless `MIMOCODE_HOME` names an absolute folder, whose `config/` and
 * `data/` they then are (MiMoCode refuses a relative one, so it is ignored
 * here).
 *
 * @module
 */

import { pathApi, type PathFn, pathFn, xdgConfig, xdgData } from "../paths.ts";

/** `$MIMOCODE_HOME/<name>` when that is an absolute path, else `fallback`. */
function underHome(name: string, fallback: PathFn): PathFn {
  return pathFn((ctx) => {
    const root = ctx.env.MIMOCODE_HOME;
    const api = pathApi(ctx.os);
    return root && api.isAbsolute(root) ? api.join(root, name) : fallback(ctx);
  });
}

/** `~/.config/mimocode` (or below `$XDG_CONFIG_HOME`), or `$MIMOCODE_HOME/config`. */
export const mimoConfig: PathFn = underHome("config", xdgConfig("mimocode"));

/** `~/.local/share/mimocode` (or below `$XDG_DATA_HOME`), or `$MIMOCODE_HOME/data`. */
export const mimoData: PathFn = underHome("data", xdgData("mimocode"));
