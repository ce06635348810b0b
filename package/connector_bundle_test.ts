import { test } from "node:test";
import assert from "node:assert/strict";
import { BUNDLE_ENTRY, bundleConnectorModule, type ConnectorBundle } from "./connector_bundle.ts";

const ID = { id: "acme", displayName: "Acme", version: "1.0.0" };

/** Bundles `/p/agent-connector.config.mjs` from an in-memory project. */
function bundle(files: Record<string, string>, modulePath = "/p/agent-connector.config.mjs") {
  return bundleConnectorModule({
    modulePath,
    root: "/p",
    identity: ID,
    readText: (path) => files[path],
  });
}

function ok(result: ReturnType<typeof bundle>): ConnectorBundle {
  assert.ok("files" in result, "reason" in result ? result.reason : "");
  return result;
}

test("the config and its relative imports are copied byte-for-byte; only the SDK specifier changes", () => {
  const config =
    '// config\r\nimport { defineConnector as dc } from "npm:@ken-jo/agent-connector@0.1.0/sdk";\n' +
    'import { verdict } from "./lib/policy.mjs";\nimport data from "./data.json" with { type: "json" };\n' +
    "export default dc({ hooks: { Stop: { handler: () => verdict(data) } } });\n";
  const policy =
    'import { join } from "node:path";\nexport { helper } from "../lib/helper.mjs";\n' +
    'export const verdict = () => import("./late.mjs").then(() => join("a", "b"));\n';
  const result = ok(bundle({
    "/p/agent-connector.config.mjs": config,
    "/p/lib/policy.mjs": policy,
    "/p/lib/helper.mjs": "export const helper = 1;\n",
    "/p/lib/late.mjs": "export {};\n",
    "/p/data.json": "{}\n",
  }));
  const files = new Map(result.files.map((f) => [f.path, f.text]));
  assert.equal(
    files.get("connector/agent-connector.config.mjs"),
    config.replace("npm:@ken-jo/agent-connector@0.1.0/sdk", "./_agent_connector_sdk.mjs"),
  );
  assert.equal(files.get("connector/lib/policy.mjs"), policy);
  assert.equal(files.get("connector/lib/helper.mjs"), "export const helper = 1;\n");
  assert.equal(files.get("connector/lib/late.mjs"), "export {};\n");
  assert.equal(files.get("connector/data.json"), "{}\n");
  assert.match(
    files.get("connector/_agent_connector_sdk.mjs")!,
    /export const defineConnector = \(config\) => config;/,
  );
  assert.match(
    files.get(BUNDLE_ENTRY)!,
    /export \{ default \} from "\.\/agent-connector\.config\.mjs";/,
  );
  assert.match(
    files.get(BUNDLE_ENTRY)!,
    /export const identity = \{"id":"acme","displayName":"Acme","version":"1\.0\.0"\};/,
  );
  assert.equal(files.has("connector/package.json"), false);
  assert.equal(result.entry, BUNDLE_ENTRY);
});

test("a .js module makes the bundled folder an ES module scope", () => {
  const result = ok(bundle({ "/p/c.js": "export default {};\n" }, "/p/c.js"));
  const pkg = result.files.find((f) => f.path === "connector/package.json");
  assert.deepEqual(JSON.parse(pkg!.text), { type: "module" });
});

test("imports in comments and prose in strings are not followed", () => {
  const config = '/* import x from "left-pad"; */\n// import "./missing.mjs";\n' +
    'export default { commands: [{ prompt: "Please import rows from \\"accounts\\"" }] };\n';
  const result = ok(bundle({ "/p/agent-connector.config.mjs": config }));
  assert.deepEqual(result.files.map((f) => f.path), [
    "connector/agent-connector.config.mjs",
    BUNDLE_ENTRY,
  ]);
});

const refusals: Array<[string, Record<string, string>, RegExp]> = [
  [
    "a relative import outside the project",
    { "/p/agent-connector.config.mjs": 'import "../shared/x.mjs";\n', "/shared/x.mjs": "" },
    /\/shared\/x\.mjs is outside the project \/p/,
  ],
  [
    "another package",
    { "/p/agent-connector.config.mjs": 'import { z } from "zod";\n' },
    /agent-connector\.config\.mjs imports "zod"/,
  ],
  [
    "more than defineConnector from agent-connector",
    {
      "/p/agent-connector.config.mjs":
        'import { defineConnector, x } from "@ken-jo/agent-connector";\n',
    },
    /imports more than \{ defineConnector \} from "@ken-jo\/agent-connector"/,
  ],
  [
    "a computed import()",
    { "/p/agent-connector.config.mjs": "const m = await import(`./${name}.mjs`);\n" },
    /import\(\) of a computed specifier/,
  ],
  [
    "a CommonJS module",
    { "/p/agent-connector.config.mjs": 'const x = require("./x.js");\n' },
    /CommonJS/,
  ],
  [
    "a TypeScript import",
    { "/p/agent-connector.config.mjs": 'import "./hooks.ts";\n', "/p/hooks.ts": "" },
    /hooks\.ts is not a JavaScript module/,
  ],
  [
    "a missing file",
    { "/p/agent-connector.config.mjs": 'import "./gone.mjs";\n' },
    /gone\.mjs cannot be read/,
  ],
];
for (const [what, files, reason] of refusals) {
  test(`a module with ${what} is not bundled, and the reason names the file`, () => {
    const result = bundle(files);
    assert.ok("reason" in result);
    assert.match(result.reason, reason);
  });
}
