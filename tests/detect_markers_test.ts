/**
 * Install-time detection on real markers, for every registered host: an
 * empty HOME finds nothing, and a HOME (or project) holding one host's
 * marker finds exactly that host — no host claims another's folder — and
 * the hosts whose own folder holds that marker.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadAllAdapters } from "../adapters/registry.ts";
import { detectHosts } from "../install/detect.ts";
import type { PathContext } from "../adapters/paths.ts";

const adapters = await loadAllAdapters();

function box(): { base: string; ctx: PathContext } {
  const base = mkdtempSync(join(tmpdir(), "ac-detect-"));
  mkdirSync(join(base, "home"));
  mkdirSync(join(base, "project"));
  return {
    base,
    ctx: { home: join(base, "home"), projectDir: join(base, "project"), env: {}, os: "linux" },
  };
}

/** Creates a marker: a file when its name has an extension, else a folder. */
function make(path: string): void {
  if (/\.[a-z]+$/.test(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "{}\n");
  } else mkdirSync(path, { recursive: true });
}

test("an empty HOME and project detect no host", () => {
  const { base, ctx } = box();
  try {
    for (const scope of ["user", "project"] as const) {
      assert.deepEqual(detectHosts(adapters, scope, ctx).filter((d) => d.installed), []);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

for (const adapter of adapters) {
  for (const scope of ["user", "project"] as const) {
    const markers = scope === "user" ? adapter.detect.user : adapter.detect.project ?? [];
    if (!markers.length) continue;
    test(`${adapter.id}: its ${scope} marker detects exactly ${adapter.id}`, () => {
      const { base, ctx } = box();
      try {
        const marker = markers[0](ctx);
        make(marker);
        const found = detectHosts(adapters, scope, ctx).filter((d) => d.installed).map((d) => d.id);
        // A marker inside another host's own folder (Kilo's storage in VS Code's user
        // folder) is evidence of that host too.
        const around = adapters.filter((a) =>
          a.id !== adapter.id &&
          (scope === "user" ? a.detect.user : a.detect.project ?? []).some((m) =>
            marker.startsWith(m(ctx) + "/")
          )
        ).map((a) => a.id);
        assert.deepEqual(found.sort(), [adapter.id, ...around].sort(), marker);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  }
}

test("a host's home moved by its env variable is detected there", () => {
  const cases: Array<[string, string, string]> = [
    ["continue", "CONTINUE_GLOBAL_DIR", "cont"],
    ["cline", "CLINE_DIR", "cline-home"],
    ["opencode", "XDG_CONFIG_HOME", "xdg"],
  ];
  for (const [id, name, dir] of cases) {
    const { base, ctx } = box();
    try {
      const moved = join(base, dir);
      const env = { [name]: moved };
      make(id === "opencode" ? join(moved, "opencode") : moved);
      const found = detectHosts(adapters, "user", { ...ctx, env })
        .filter((d) => d.installed).map((d) => d.id);
      assert.ok((found as string[]).includes(id), `${id} under ${name}`);
      assert.deepEqual(detectHosts(adapters, "user", ctx).filter((d) => d.installed), []);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
});
