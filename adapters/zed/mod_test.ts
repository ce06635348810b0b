import { test } from "node:test";
import assert from "node:assert/strict";
import { httpInput, stdioInput } from "../../tests/_helpers/render_input.ts";
import { adapter } from "./mod.ts";

test("both entry kinds carry timeout in seconds (settings_content/src/project.rs)", () => {
  assert.equal(adapter.server!.render(stdioInput({ timeoutMs: 30000 })).entry.timeout, 30);
  const http = adapter.server!.render(httpInput({ timeoutMs: 20000 }));
  assert.equal(http.entry.timeout, 20);
  assert.deepEqual(http.dropped, []);
});
