import { test } from "node:test";
import assert from "node:assert/strict";
import { filterText } from "./_walk.ts";

test("a filter as Deno and as the npm build print it keys the same remembered walk", () => {
  // copilot-cli's filter as each transpiler printed it (Deno 2.9.6; tsc for the npm build).
  const deno = new Function(
    "return (rel)=>{\n        const parts = rel.split(/[\\\\/]/);\n        return parts.length === 1 || " +
      'parts.length === 2 && parts[1] === "events.jsonl";\n      }',
  )();
  const npm = new Function(
    "return (rel) => {\n                const parts = rel.split(/[\\\\/]/);\n                return " +
      'parts.length === 1 || (parts.length === 2 && parts[1] === "events.jsonl");\n            }',
  )();
  assert.notEqual(String(deno), String(npm));
  assert.equal(filterText(deno), filterText(npm));
  assert.notEqual(filterText(deno), filterText((rel: string) => rel.endsWith("events.jsonl")));
  assert.equal(filterText(undefined), "");
});
