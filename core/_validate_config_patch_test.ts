import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const patches = (...list: unknown[]) => ({
  id: "t",
  platforms: { "claude-code": { configPatch: list } },
});
const patch = (p: Record<string, unknown>) =>
  patches({ key: "env.X", value: "1", reason: "why", ...p });
const AT = "platforms.claude-code.configPatch[0]";

test("a valid patch is kept as written", () => {
  const c = define(patch({ docsUrl: "https://x.test/docs", value: { a: [1, null, true] } }));
  assert.deepEqual(c.platforms["claude-code"]?.configPatch, [
    { key: "env.X", value: { a: [1, null, true] }, reason: "why", docsUrl: "https://x.test/docs" },
  ]);
});

test("keys are dotted leaf paths of [A-Za-z0-9_-] segments", () => {
  const tail =
    "is not a dotted leaf path (segments of [A-Za-z0-9_-], no dots inside a key, no array indices)";
  for (const key of ["", "env.", ".env", "env..X", "arr[0]", "a b", "env.X.0]"]) {
    rejects(patch({ key }), `${AT}.key: ${JSON.stringify(key)} ${tail}`);
  }
  rejects(patch({ key: 5 }), `${AT}.key: 5 ${tail}`);
});

test("values must be JSON data", () => {
  const tail = "must be JSON data (string, finite number, boolean, null, array or plain object)";
  rejects(patch({ value: undefined }), `${AT}.value: ${tail}`);
  rejects(patch({ value: Number.NaN }), `${AT}.value: ${tail}`);
  rejects(patch({ value: { a: [1, () => 1] } }), `${AT}.value.a[1]: ${tail}`);
  rejects(patch({ value: new Date(0) }), `${AT}.value: ${tail}`);
  rejects(patch({ value: 10n }), `${AT}.value: ${tail}`);
});

test("a non-empty reason is required", () => {
  const msg = `${AT}.reason: is required: say why, it is printed with every outcome of the patch`;
  rejects(patch({ reason: undefined }), msg);
  rejects(patch({ reason: "   " }), msg);
});

test("a key appears once per platform", () => {
  rejects(
    patches({ key: "env.X", value: 1, reason: "r" }, { key: "env.X", value: 2, reason: "r" }),
    'platforms.claude-code.configPatch[1].key: duplicate key "env.X"',
  );
});

test("keys agent-connector manages are refused with the surface to use instead", () => {
  const cases: Array<[string, string]> = [
    ["hooks", "declare hooks via hooks (normalized) or platforms.<id>.nativeHooks instead"],
    [
      "hooks.PreToolUse",
      "declare hooks via hooks (normalized) or platforms.<id>.nativeHooks instead",
    ],
    ["mcpServers.acme", "declare the server via server, platforms.<id>.server or extra instead"],
    [
      "enableAllProjectMcpServers",
      "declare the server via server, platforms.<id>.server or extra instead",
    ],
    [
      "enabledMcpjsonServers",
      "declare the server via server, platforms.<id>.server or extra instead",
    ],
    [
      "disabledMcpjsonServers",
      "declare the server via server, platforms.<id>.server or extra instead",
    ],
    ["statusLine", "declare it via statusline: { render } instead"],
    ["statusLine.command", "declare it via statusline: { render } instead"],
  ];
  for (const [key, hint] of cases) {
    rejects(patch({ key }), `${AT}.key: "${key}" is managed by agent-connector — ${hint}`);
  }
});

test("the claude-code sensitive-key denylist is left to install time", () => {
  // permissions.* is refused by the claude-code adapter at install, not here.
  assert.ok(define(patch({ key: "permissions.allow" })));
});

test("docsUrl is a string and the list is an array", () => {
  rejects(patch({ docsUrl: 1 }), `${AT}.docsUrl: must be a string, got 1`);
  rejects(
    { id: "t", platforms: { "claude-code": { configPatch: { key: "a" } } } },
    "platforms.claude-code.configPatch: must be an array, got an object",
  );
});
