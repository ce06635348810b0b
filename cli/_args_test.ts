import { test } from "node:test";
import assert from "node:assert/strict";
import { parseCommandArgs } from "./_args.ts";
import { UsageError } from "./_errors.ts";

const FLAGS = { since: { type: "string", short: "s" }, json: { type: "boolean" } } as const;

function messageOf(args: string[]): string {
  try {
    parseCommandArgs("usage report", args, FLAGS);
  } catch (error) {
    assert.ok(error instanceof UsageError);
    return error.message;
  }
  assert.fail("parseCommandArgs did not throw");
}

test("an unknown flag and a missing value are named", () => {
  assert.equal(messageOf(["--bogus"]), 'usage report: unknown flag "--bogus"');
  assert.equal(messageOf(["--since"]), 'usage report: flag "--since" needs a value');
});

test("a value starting with a dash says how to pass it, long or short", () => {
  const want = 'usage report: flag "--since" needs a value ("-1d" starts with "-"); ' +
    "if that is the value, write --since=-1d";
  assert.equal(messageOf(["--since", "-1d"]), want);
  assert.equal(messageOf(["-s", "-1d"]), want);
});

test("--flag=value with a leading dash is taken as written", () => {
  const parsed = parseCommandArgs("usage report", ["--since=-1d", "--json"], FLAGS);
  assert.equal(parsed.values.since, "-1d");
  assert.equal(parsed.values.json, true);
});
