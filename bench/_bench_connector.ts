/**
 * Registers a test connector from tests/fixtures/connectors under a data
 * root, the way an install would record it, so a benchmark can run hook
 * calls against it without installing anything.
 *
 * @module
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = fileURLToPath(new URL("../tests/fixtures/connectors/", import.meta.url));

/**
 * Writes `<dataRoot>/connectors/<id>/connector.json` for the fixture module
 * `file`, with `extra` record fields (e.g. `telemetry`).
 */
export function registerBenchConnector(
  dataRoot: string,
  id: string,
  file: string,
  extra: Record<string, unknown> = {},
): void {
  mkdirSync(join(dataRoot, "connectors", id), { recursive: true });
  writeFileSync(
    join(dataRoot, "connectors", id, "connector.json"),
    JSON.stringify({
      id,
      displayName: id,
      version: "1.0.0",
      frameworkVersion: "0",
      modulePath: join(FIXTURES, file),
      ...extra,
    }),
  );
}
