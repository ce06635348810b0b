import { test } from "node:test";
import assert from "node:assert/strict";
import { stdioInput } from "../../tests/_helpers/render_input.ts";
import { adapter } from "./mod.ts";

test("a stdio entry carries its cwd; VS Code has no timeout (mcpConfiguration.ts)", () => {
  const out = adapter.server!.render(stdioInput({ cwd: "/srv/acme", timeoutMs: 5000 }));
  assert.equal(out.entry.cwd, "/srv/acme");
  assert.equal(out.entry.timeout, undefined);
  assert.deepEqual(out.dropped.map((d) => d.field), ["server.timeoutMs"]);
});
