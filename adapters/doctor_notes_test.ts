import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { DoctorNoteSurface, HostAdapter, ScopeName, ScopePaths } from "./descriptor.ts";
import { loadAllAdapters } from "./registry.ts";

/** The paths per scope of the surface a note is about, undefined when the host has none. */
function pathsOf(adapter: HostAdapter, surface: DoctorNoteSurface): ScopePaths | undefined {
  switch (surface) {
    case "server":
      return adapter.server?.paths;
    case "hooks":
      return adapter.hooks?.paths;
    case "hostNativeUsage":
      return adapter.hooks?.hostNativeUsage ? adapter.hooks.paths : undefined;
    case "memory":
      return adapter.memory?.paths;
  }
}

describe("every host's doctor notes", () => {
  it("are about surfaces, events and scopes the host has, so each can apply somewhere", async () => {
    const wrong: string[] = [];
    for (const adapter of await loadAllAdapters()) {
      for (const note of adapter.doctorNotes ?? []) {
        if (typeof note === "string") continue;
        const where = `${adapter.id}: "${note.text.slice(0, 40)}…"`;
        const about: readonly DoctorNoteSurface[] = note.about === undefined
          ? []
          : typeof note.about === "string"
          ? [note.about]
          : note.about;
        const paths = about.map((s) => [s, pathsOf(adapter, s)] as const);
        for (const [s, p] of paths) if (!p) wrong.push(`${where} is about ${s}, which it has not`);
        if (note.event && !adapter.hooks?.events[note.event]) {
          wrong.push(`${where} names ${note.event}, which it does not fire`);
        }
        const scope: ScopeName | undefined = note.scope;
        if (scope && about.length && !paths.some(([, p]) => p?.[scope])) {
          wrong.push(
            `${where} is for ${scope} scope, where none of ${about.join(", ")} is written`,
          );
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});
