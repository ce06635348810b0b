/**
 * A temporary folder and engine options per test, for write-engine tests.
 *
 * @module
 */

import { afterEach, beforeEach } from "node:test";
import { join } from "node:path";
import type { ApplyOptions } from "../../install/apply.ts";
import { tempDir } from "./temp.ts";

/** What each test gets: a fresh folder and options whose data root lives in it. */
export interface EngineSandbox {
  /** The test's folder. */
  readonly root: string;
  /** Options for connector `acme` with `<root>/data` as data root. */
  readonly opts: ApplyOptions;
}

/** Registers before/after hooks that give every test of the file a fresh sandbox. */
export function useEngineSandbox(): EngineSandbox {
  let dir = "";
  let cleanup = () => {};
  beforeEach(() => {
    ({ dir, cleanup } = tempDir());
  });
  afterEach(() => cleanup());
  return {
    get root() {
      return dir;
    },
    get opts(): ApplyOptions {
      return { dataRoot: join(dir, "data"), connectorId: "acme", connectorVersion: "1.0.0" };
    },
  };
}
