/**
 * Mux's home, for install and detection alike (coder/mux
 * `src/common/constants/paths.ts` `getXumHome`): `$XUM_ROOT`, else the
 * legacy `$MUX_ROOT`, else `~/.xum`, else a legacy `~/.mux` or `~/.cmux`
 * that exists (Mux moves to `~/.xum` only once it has one).
 *
 * @module
 */

import { envDir, home, type PathFn, pathFn } from "../paths.ts";

/** The current home folder, `~/.xum`. */
export const xumHome: PathFn = home(".xum");

/** The homes of older releases, in the order Mux falls back to them. */
export const legacyHomes: readonly PathFn[] = [home(".mux"), home(".cmux")];

/** Mux's home as Mux resolves it. */
export const muxHome: PathFn = envDir(
  "XUM_ROOT",
  envDir(
    "MUX_ROOT",
    pathFn((ctx) => {
      const xum = xumHome(ctx);
      if (ctx.probe?.exists(xum)) return xum;
      return legacyHomes.map((p) => p(ctx)).find((p) => ctx.probe?.exists(p)) ?? xum;
    }),
  ),
);
