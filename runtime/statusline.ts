/**
 * The status-line chain (spec §2.5): host payload → {@link StatuslineContext}
 * → the connector's `render` (or its per-host override) → at most
 * `maxLines` lines. Fail-safe: any error renders nothing, so a HUD can never
 * wedge a host or corrupt its status bar.
 *
 * @module
 */

import type { ResolvedConnector, StatuslineContext } from "../core/connector_types.ts";
import type { PlatformId } from "../core/platform_types.ts";
import type { HookDialect } from "../adapters/dialect.ts";
import { parseStdin } from "./dispatch.ts";
import { statuslineOptions } from "../core/overrides.ts";

/** What to render. */
export interface StatuslineRunInput {
  /** The connector. */
  connector: ResolvedConnector;
  /** The host. */
  platform: string;
  /** The host's stdin text. */
  stdin: string;
  /** The host's dialect (reads the payload); without one only `raw` is set. */
  dialect?: HookDialect;
  /** The host's own row cap, if it has one. */
  hostMaxLines?: number;
}

/** Keeps the first `max` lines of `text` (all when `max` is unset). */
export function capLines(text: string, max?: number): string {
  const lines = text.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
  const kept = max && max >= 1 ? lines.slice(0, max) : lines;
  return kept.join("\n");
}

/** Renders the status line; "" on any failure. The result ends with a newline when not empty. */
export async function runStatusline(input: StatuslineRunInput): Promise<string> {
  try {
    const def = input.connector.statusline;
    if (!def) return "";
    const raw = parseStdin(input.stdin);
    if (!raw) return "";
    const fields = input.dialect?.statusline?.(raw) ?? { raw };
    const ctx: StatuslineContext = {
      ...fields,
      host: input.platform,
      connectorId: input.connector.id,
      raw,
    };
    const render = def.hosts?.[input.platform as PlatformId]?.render ?? def.render;
    const out = await render(ctx);
    if (typeof out !== "string" || out.trim() === "") return "";
    const options = statuslineOptions(input.connector, input.platform);
    const max = [options.maxLines, input.hostMaxLines].filter((n): n is number => !!n);
    const text = capLines(out, max.length ? Math.min(...max) : undefined);
    return text ? `${text}\n` : "";
  } catch {
    return "";
  }
}
