import { test } from "node:test";
import assert from "node:assert/strict";
import { describeJsonError } from "./_json_error.ts";

function describe(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return describeJsonError(error, text);
  }
  throw new Error("the text parsed");
}

test("an error V8 reports with a position names its line and column", () => {
  assert.match(describe('{\n  "a": 1,,\n}'), /^line 2, column 10: /);
});

test("an unexpected token V8 reports only with its context still names its line and column", () => {
  assert.equal(
    describe('{\n  "version": 1,\n  "records": [,\n}\n'),
    "line 3, column 15: Unexpected token ','",
  );
  assert.equal(
    describe('x{"aaaaaaaaaaaaaaaaaaaaaaaaaaaa": 1}'),
    "line 1, column 1: Unexpected token 'x'",
  );
  assert.equal(describe('{"a": tru}'), "line 1, column 10: Unexpected token '}'");
});
