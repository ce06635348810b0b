import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_TELEMETRY, telemetryKilled, telemetrySettings } from "./settings.ts";
import { writeTestRecord } from "../tests/_helpers/connector_record.ts";

let root: string;
beforeEach(() => void (root = mkdtempSync(join(tmpdir(), "ac-settings-"))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

test("a connector without a record gets the defaults", () => {
  assert.deepEqual(telemetrySettings(root, "none", {}), DEFAULT_TELEMETRY);
});

test("the record's settings are used", () => {
  writeTestRecord(root, "acme", { store: "sqlite", modelFamilyHint: "openai" });
  const s = telemetrySettings(root, "acme", {});
  assert.equal(s.store, "sqlite");
  assert.equal(s.modelFamilyHint, "openai");
  assert.equal(s.enabled, true);
});

test("telemetry.enabled false and AGENT_CONNECTOR_TELEMETRY=0 each turn it off", () => {
  writeTestRecord(root, "off", { enabled: false });
  assert.equal(telemetrySettings(root, "off", {}).enabled, false);
  assert.equal(telemetrySettings(root, "none", { AGENT_CONNECTOR_TELEMETRY: "0" }).enabled, false);
  for (const v of ["0", "false", "OFF", "no"]) {
    assert.equal(telemetryKilled({ AGENT_CONNECTOR_TELEMETRY: v }), true);
  }
  for (const v of [undefined, "1", "true", ""]) {
    assert.equal(telemetryKilled({ AGENT_CONNECTOR_TELEMETRY: v }), false);
  }
});
