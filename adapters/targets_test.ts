import { test } from "node:test";
import assert from "node:assert/strict";
import { isConfigHookSurface, type ScopePaths, scopeTargets } from "./descriptor.ts";
import type { PathContext } from "./paths.ts";
import { loadAllAdapters } from "./registry.ts";

/**
 * Machines where a host's runtimes can disagree on a folder (Cline: an
 * `xdg-user-dir` that prints HOME, or a renamed Documents).
 */
const contexts: PathContext[] = [
  { home: "/h", projectDir: "/p", env: {}, os: "linux" },
  {
    home: "/h",
    projectDir: "/p",
    env: { PATH: "/usr/bin" },
    os: "linux",
    probe: { exists: (p) => p === "/usr/bin/xdg-user-dir", readText: () => undefined },
  },
  {
    home: "/h",
    projectDir: "/p",
    env: { PATH: "/usr/bin" },
    os: "linux",
    probe: {
      exists: (p) => p === "/usr/bin/xdg-user-dir",
      readText: (p) =>
        p === "/h/.config/user-dirs.dirs" ? 'XDG_DOCUMENTS_DIR="$HOME/Dokumente"\n' : undefined,
    },
  },
  { home: "C:\\Users\\ann", projectDir: "C:\\p", env: {}, os: "win32" },
];

test("a surface edited as entries of one config file names one place per scope", async () => {
  for (const a of await loadAllAdapters()) {
    const single: Array<[string, ScopePaths | undefined]> = [
      ["server", a.server?.paths],
      ["statusline", a.statusline?.paths],
      ["configPatch", a.configPatch?.paths],
      ["actions", a.actions?.paths],
      ["hooks", a.hooks && isConfigHookSurface(a.hooks) ? a.hooks.paths : undefined],
      [
        "plugin registration",
        a.hooks?.layout === "plugin-module" ? a.hooks.registration?.paths : undefined,
      ],
    ];
    for (const [name, paths] of single) {
      for (const ctx of contexts) {
        for (const scope of ["user", "project"] as const) {
          const n = scopeTargets(paths, scope, ctx).length;
          assert.ok(n <= 1, `${a.id} ${name} (${scope}, ${ctx.os}) names ${n} places`);
        }
      }
    }
  }
});

test("every target is distinct, and the first is the path the surface computes", async () => {
  for (const a of await loadAllAdapters()) {
    const surfaces = [a.hooks, a.commands, a.skills, a.subagents, a.memory];
    for (const ctx of contexts) {
      for (const scope of ["user", "project"] as const) {
        for (const s of surfaces) {
          const fn = s?.paths[scope];
          if (!fn) continue;
          const targets = fn.targets(ctx);
          assert.equal(targets[0], fn(ctx), a.id);
          assert.equal(new Set(targets).size, targets.length, `${a.id}: ${targets}`);
        }
      }
    }
  }
});
