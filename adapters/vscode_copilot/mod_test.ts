import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { stdioInput } from "../../tests/_helpers/render_input.ts";
import { testAdapter } from "../../tests/conformance/adapter_suite.ts";
import { adapter } from "./mod.ts";

const seed = (side: string) =>
  fileURLToPath(
    new URL(`../../tests/fixtures/hosts/vscode-copilot/seed-${side}/`, import.meta.url),
  );

testAdapter(adapter, { seedHome: seed("home"), seedProject: seed("project") });

test("a stdio entry carries its cwd; VS Code has no timeout (mcpConfiguration.ts)", () => {
  const out = adapter.server!.render(stdioInput({ cwd: "/srv/acme", timeoutMs: 5000 }));
  assert.equal(out.entry.cwd, "/srv/acme");
  assert.equal(out.entry.timeout, undefined);
  assert.deepEqual(out.dropped.map((d) => d.field), ["server.timeoutMs"]);
});
