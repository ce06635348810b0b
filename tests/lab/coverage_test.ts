import { test } from "node:test";
import assert from "node:assert/strict";
import { renderCoverage } from "./coverage.ts";

test("the coverage table has one column per host run, a mark per check and every reason", () => {
  const text = renderCoverage({
    "codex": {
      version: "0.171.0",
      ranAt: "2026-12-07T18:00:00.000Z",
      checks: {
        "install": { status: "pass" },
        "telemetry-row": { status: "skip", detail: "lost row (#24)" },
        "usage": { status: "fail", detail: "0 !== 4" },
      },
    },
    "claude-code": {
      version: "2.1.197",
      ranAt: "2026-12-06T18:00:00.000Z",
      checks: { "install": { status: "pass" } },
    },
  });
  const lines = text.split("\n");
  // Hosts in pin order, whatever order the results file has.
  assert.ok(lines.includes("| check | claude-code 2.1.197 | codex 0.171.0 |"), text);
  assert.ok(lines.includes("| install | ✅ | ✅ |"), text);
  assert.ok(lines.includes("| telemetry-row |   | ➖ |"), text);
  assert.ok(lines.includes("| usage |   | ❌ |"), text);
  assert.ok(lines.includes("- codex 0.171.0 — telemetry-row not checked: lost row (#24)"), text);
  assert.ok(lines.includes("- codex 0.171.0 — usage failed: 0 !== 4"), text);
  assert.ok(lines.includes("Runs from 2026-12-06 to 2026-12-07."), text);
  assert.match(text, /Do not edit/);
});

test("plugin runs get their own table, with each skip's reason and the formats no host installs", () => {
  const text = renderCoverage({
    "plugin:gemini-cli": {
      version: "0.61.0 gemini-extension",
      ranAt: "2026-12-07T18:00:00.000Z",
      checks: {
        "plugin-install": { status: "pass" },
        "memory": { status: "skip", detail: "no memory file" },
      },
    },
  });
  const lines = text.split("\n");
  assert.ok(lines.includes("## Packages installed with the host's own command"), text);
  assert.ok(lines.includes("| check | gemini-cli 0.61.0 gemini-extension |"), text);
  assert.ok(lines.includes("| plugin-install | ✅ |"), text);
  assert.ok(lines.includes("| memory | ➖ |"), text);
  assert.ok(
    lines.includes("- gemini-cli 0.61.0 gemini-extension — memory not checked: no memory file"),
    text,
  );
  assert.match(text, /^- \*\*cursor-plugin\*\*: no Cursor runs here/m);
});
