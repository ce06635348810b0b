/**
 * Golden files of what `install` renders for a host: run the real CLI into an
 * empty HOME and project, collect every file of the scope's root with the
 * temp paths neutralized (`<HOME>`, `<PROJECT>`), and compare them byte for
 * byte with `tests/fixtures/hosts/<host>/<name>/`. `UPDATE_GOLDEN=1`
 * rewrites them (`deno task golden`); review the diff like code.
 *
 * @module
 */

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./cli.ts";
import { snapshotTree } from "./tree.ts";
import { REPO } from "./runtime.ts";

/** Where connector fixtures live. */
export const CONNECTORS: string = join(REPO, "tests", "fixtures", "connectors");

/** What one golden install runs. */
export interface GoldenRun {
  /** The connector fixture folder under tests/fixtures/connectors. */
  connector: string;
  /** The scope. */
  scope: "user" | "project";
  /** The one host installed. */
  target: string;
  /** Extra environment; `<HOME>` in a value stands for the temp HOME. */
  env?: Record<string, string>;
  /** Prepares the empty HOME before the install. */
  setup?: (home: string) => void;
  /** Accept install's exit code 1 (it reports `!` records for what the host cannot take). */
  warnings?: boolean;
}

/** `env` with `<HOME>` in its values replaced by `home`. */
function atHome(env: Record<string, string>, home: string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replaceAll("<HOME>", home)]));
}

/** Installs into an empty HOME/project and returns the rendered files, paths neutralized. */
export async function renderInstall(run: GoldenRun): Promise<Map<string, string>> {
  const base = mkdtempSync(join(tmpdir(), "ac-golden-"));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(home);
  mkdirSync(project);
  run.setup?.(home);
  try {
    const result = await runCliCaptured(
      [
        "install",
        "--connector",
        join(CONNECTORS, run.connector),
        "--scope",
        run.scope,
        "--targets",
        run.target,
      ],
      { home, env: { HOME: home, ...atHome(run.env ?? {}, home) }, cwd: project },
    );
    const ok = run.warnings ? [0, 1] : [0];
    assert.ok(ok.includes(result.code), result.stdout + result.stderr);
    assert.doesNotMatch(result.stderr, /error/i, result.stderr);
    const out = new Map<string, string>();
    const root = run.scope === "user" ? home : project;
    for (const [rel, text] of snapshotTree(root, [".agent-connector"])) {
      out.set(rel, text.replaceAll(home, "<HOME>").replaceAll(project, "<PROJECT>"));
    }
    const other = run.scope === "user" ? project : home;
    assert.equal(snapshotTree(other, [".agent-connector"]).size, 0, `nothing outside ${run.scope}`);
    return out;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/**
 * Compares `files` with the golden folder `dir` (or rewrites it under
 * UPDATE_GOLDEN=1); a missing folder stands for a render with no files.
 */
export function compareGolden(dir: string, files: Map<string, string>): void {
  if (process.env.UPDATE_GOLDEN === "1") {
    rmSync(dir, { recursive: true, force: true });
    for (const [rel, text] of files) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text, "latin1");
    }
    return;
  }
  // A render with no files has no folder: git keeps no empty directories.
  const expected = existsSync(dir) ? snapshotTree(dir) : new Map<string, string>();
  assert.deepEqual([...files.keys()].sort(), [...expected.keys()].sort(), `${dir}: the files`);
  for (const [rel, text] of files) {
    assert.equal(
      text,
      expected.get(rel),
      `${dir}/${rel} differs from the golden file (deno task golden rewrites it)`,
    );
  }
}
