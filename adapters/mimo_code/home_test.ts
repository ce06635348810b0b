import { test } from "node:test";
import assert from "node:assert/strict";
import { mimoConfig, mimoData } from "./home.ts";

const ctx = (env: Record<string, string | undefined>) => ({
  home: "/home/me",
  projectDir: "/work/app",
  env,
  os: "linux" as const,
});

test("MiMoCode's folders follow xdg-basedir under the name mimocode", () => {
  assert.equal(mimoConfig(ctx({})), "/home/me/.config/mimocode");
  assert.equal(mimoData(ctx({})), "/home/me/.local/share/mimocode");
  assert.equal(mimoConfig(ctx({ XDG_CONFIG_HOME: "/x" })), "/x/mimocode");
});

test("an absolute MIMOCODE_HOME holds config/ and data/; a relative one is ignored", () => {
  assert.equal(mimoConfig(ctx({ MIMOCODE_HOME: "/opt/mimo" })), "/opt/mimo/config");
  assert.equal(mimoData(ctx({ MIMOCODE_HOME: "/opt/mimo" })), "/opt/mimo/data");
  assert.equal(mimoConfig(ctx({ MIMOCODE_HOME: "mimo" })), "/home/me/.config/mimocode");
  assert.equal(
    mimoConfig.join("mimocode.jsonc")(ctx({ MIMOCODE_HOME: "/opt/mimo" })),
    "/opt/mimo/config/mimocode.jsonc",
  );
});
