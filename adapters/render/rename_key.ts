/**
 * A server renderer whose entry spells one key differently: FastMCP and
 * Devin name the remote transport `transport` where the family writes
 * `type`.
 *
 * @module
 */

import type { RenderedEntry, ServerRenderInput } from "../descriptor.ts";

/** `render` with the entry key `from` written as `to` (order kept). */
export function renamingEntryKey(
  render: (input: ServerRenderInput) => RenderedEntry,
  from: string,
  to: string,
): (input: ServerRenderInput) => RenderedEntry {
  return (input) => {
    const out = render(input);
    if (!(from in out.entry)) return out;
    const entry = Object.fromEntries(
      Object.entries(out.entry).map(([k, v]) => [k === from ? to : k, v]),
    );
    return { ...out, entry };
  };
}
