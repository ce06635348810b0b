import { test } from "node:test";
import assert from "node:assert/strict";
import { eagerFunctions } from "./_eager_functions.ts";

/** Runs `js` as a function body and returns what it returns. */
function run(js: string): unknown {
  return new Function(js)();
}

test("function declarations become parenthesised expressions at the top of their block", () => {
  const out = eagerFunctions("const a = 1;\nfunction f(x) { return x + a; }\nf(1);\n");
  assert.equal(out, "const f = (function f(x) { return x + a; });\nconst a = 1;\n\nf(1);\n");
});

test("a call before the declaration still works: hoisting is kept", () => {
  const js = [
    "const seen = [before(), inner()];",
    "function before() { return 'b'; }",
    "async function later() { return 1; }",
    "function* gen() { yield 2; }",
    "function inner() {",
    "  const v = helper();",
    "  function helper() { return 'h'; }",
    "  if (v) { return block(); function block() { return v + '!'; } }",
    "}",
    "return [...seen, typeof later, [...gen()][0], before.name, inner.name];",
  ].join("\n");
  assert.deepEqual(run(js), ["b", "h!", "function", 2, "before", "inner"]);
  const out = eagerFunctions(js);
  assert.deepEqual(run(out), run(js));
  for (const name of ["before", "later", "gen", "inner", "helper", "block"]) {
    assert.match(out, new RegExp(`const ${name} = \\((async )?function\\*? ${name}\\(`), name);
  }
  assert.doesNotMatch(out, /^\s*(async )?function/m);
});

test("declarations under a case or a label, and expressions, stay as they are", () => {
  const js = "switch (1) { case 1: function c() {} }\nconst e = function named() {};\n";
  assert.equal(eagerFunctions(js), js);
});

test("a function named lazy stays a declaration, with everything inside it", () => {
  const js = "function keep() { function inner() {} }\nfunction other() {}\n";
  assert.equal(
    eagerFunctions(js, new Set(["keep"])),
    "const other = (function other() {});\nfunction keep() { function inner() {} }\n\n",
  );
});

test("a directive prologue stays first, so a strict body stays strict", () => {
  const js = [
    "(function () {",
    '"use strict";',
    "return [strict(), f()];",
    "function f() { return 1; }",
    "function strict() { return this === undefined; }",
    "})",
  ].join("\n");
  assert.deepEqual(eval(js)(), [true, 1]);
  const out = eagerFunctions(js);
  assert.match(out, /^\(function \(\) \{\n"use strict";\n/);
  assert.deepEqual(eval(out)(), [true, 1]);
});
