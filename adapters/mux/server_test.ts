import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { muxCommandLine, renderMuxServer } from "./server.ts";

test("Mux's command line survives bash -c word for word, with literal env as assignments", () => {
  const line = muxCommandLine({
    command: "sh",
    args: ["-c", 'printf "%s|" "$1" "$2" "$ACME"; echo', "it's me", "a b", "*"],
    env: { ACME: "it's 'quoted' & $(not run)" },
  });
  // Mux runs the string with `bash -c` (coder/mux LocalBaseRuntime.ts).
  const out = spawnSync("bash", ["-c", line], { encoding: "utf8" });
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stdout, "a b|*|it's 'quoted' & $(not run)|\n");
});

test("a disabled stdio server is the object form, an enabled one a bare string", () => {
  const launch = { command: "acme", args: ["--x"], env: {} };
  const server = { transport: "stdio" as const, command: "acme" };
  assert.equal(renderMuxServer({ id: "a", displayName: "A", server, launch }).scalar, "acme --x");
  const off = renderMuxServer({
    id: "a",
    displayName: "A",
    server: { ...server, enabled: false },
    launch,
  });
  assert.equal(off.scalar, undefined);
  assert.deepEqual(off.entry, { command: "acme --x", disabled: true });
});
