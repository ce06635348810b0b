import { test } from "node:test";
import assert from "node:assert/strict";
import {
  expandEnv,
  findEnvRefs,
  findSecretRefs,
  hasSecretMarker,
  parseTemplate,
} from "./interpolation.ts";

test("parseTemplate splits text, env references with defaults, and secrets", () => {
  assert.deepEqual(parseTemplate("a${env:X}b${env:Y:-d:e}${secret:s.1}"), [
    { kind: "text", text: "a" },
    { kind: "env", name: "X", source: "${env:X}" },
    { kind: "text", text: "b" },
    { kind: "env", name: "Y", default: "d:e", source: "${env:Y:-d:e}" },
    { kind: "secret", name: "s.1", source: "${secret:s.1}" },
  ]);
});

test("malformed references stay text", () => {
  assert.deepEqual(parseTemplate("${env:1X}${secret:a:-b}${secret:}"), [
    { kind: "text", text: "${env:1X}${secret:a:-b}${secret:}" },
  ]);
  assert.equal(hasSecretMarker("${secret:a:-b}"), true);
  assert.deepEqual(findSecretRefs("${secret:a:-b}"), []);
});

test("findSecretRefs lists names once in first-seen order", () => {
  assert.deepEqual(findSecretRefs("${secret:b}${secret:a}${secret:b}"), ["b", "a"]);
});

test("findEnvRefs reports defaults", () => {
  assert.deepEqual(findEnvRefs("${env:A}${env:B:-}"), [{ name: "A" }, { name: "B", default: "" }]);
});

test("expandEnv uses the value, then the default, then empty; leaves secrets alone", () => {
  assert.equal(expandEnv("${env:A}|${env:B:-x}|${env:C}", { A: "1" }), "1|x|");
  assert.equal(expandEnv("${env:B:-x}", { B: "" }), "x");
  assert.equal(expandEnv("u:${secret:p}", {}), "u:${secret:p}");
  assert.equal(expandEnv("u:${secret:p}", {}, (n) => n === "p" ? "pw" : undefined), "u:pw");
});
