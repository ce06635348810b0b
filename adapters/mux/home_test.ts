import { test } from "node:test";
import assert from "node:assert/strict";
import { muxHome } from "./home.ts";

const ctx = (env: Record<string, string> = {}, existing: string[] = []) => ({
  home: "/h",
  projectDir: "/p",
  env,
  os: "linux" as const,
  probe: { exists: (p: string) => existing.includes(p) },
});

test("Mux's home: XUM_ROOT, then MUX_ROOT, then ~/.xum, then a legacy folder that exists", () => {
  assert.equal(muxHome(ctx({ XUM_ROOT: "/x", MUX_ROOT: "/m" })), "/x");
  assert.equal(muxHome(ctx({ MUX_ROOT: "/m" })), "/m");
  assert.equal(muxHome(ctx()), "/h/.xum");
  assert.equal(muxHome(ctx({}, ["/h/.mux"])), "/h/.mux");
  assert.equal(muxHome(ctx({}, ["/h/.cmux"])), "/h/.cmux");
  assert.equal(muxHome(ctx({}, ["/h/.xum", "/h/.mux"])), "/h/.xum");
});
