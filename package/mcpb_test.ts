import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { ConnectorConfig } from "../core/connector_types.ts";
import { emitMcpb } from "./mcpb.ts";
import type { PackageMeta } from "./types.ts";
import { packageSchema, validateJson } from "../tests/_helpers/json_schema.ts";

const SCHEMA = packageSchema("mcpb-0.3", "mcpb-manifest-v0.3.schema.json");
const META: PackageMeta = { description: "Acme DB tools", author: { name: "Acme" } };

function emit(config: ConnectorConfig, meta: PackageMeta = META) {
  const connector = defineConnector(config);
  const doc = JSON.parse(emitMcpb({ connector, meta }).files[0].text);
  assert.deepEqual(validateJson(doc, SCHEMA), [], JSON.stringify(doc, null, 2));
  return doc;
}

test("the schema helper rejects what the MCPB 0.3 schema rejects", () => {
  assert.notDeepEqual(
    validateJson({ name: "a", version: "1", description: "d", author: {} }, SCHEMA),
    [],
  );
  assert.notDeepEqual(
    validateJson({
      manifest_version: "0.4",
      name: "a",
      version: "1",
      description: "d",
      author: { name: "x" },
      server: { type: "node", entry_point: "i.js", mcp_config: { command: "node" } },
    }, SCHEMA),
    [],
  );
});

test("a node script is the entry point, run from ${__dirname}; a secret is a sensitive required user_config field", () => {
  const doc = emit({
    id: "acme",
    server: {
      transport: "stdio",
      command: "node",
      args: ["./dist/server.js", "--stdio"],
      env: { DSN: "pg://u:${secret:db-pass}@h", DB_PASS: "${env:DB_PASS}" },
    },
  });
  assert.equal(doc.manifest_version, "0.3");
  assert.deepEqual(doc.server, {
    type: "node",
    entry_point: "dist/server.js",
    mcp_config: {
      command: "node",
      args: ["${__dirname}/dist/server.js", "--stdio"],
      env: { DB_PASS: "${user_config.db_pass}", DSN: "pg://u:${user_config.db_pass_2}@h" },
    },
  });
  assert.deepEqual(doc.user_config, {
    db_pass: {
      type: "string",
      title: "DB_PASS",
      description: "The value of DB_PASS",
      required: true,
    },
    db_pass_2: {
      type: "string",
      title: "db-pass",
      description: 'The secret "db-pass"',
      sensitive: true,
      required: true,
    },
  });
});

test("python scripts are python servers; any other executable is a binary server", () => {
  const py = emit({
    id: "acme",
    server: { transport: "stdio", command: "python3", args: ["server/main.py"] },
  });
  assert.deepEqual([py.server.type, py.server.entry_point], ["python", "server/main.py"]);
  const bin = emit({
    id: "acme",
    server: { transport: "stdio", command: "acme-mcp", args: ["--stdio"] },
  });
  assert.deepEqual([bin.server.type, bin.server.entry_point], ["binary", "acme-mcp"]);
});

test("an npx server needs the package's main; without it the error says what to set", () => {
  const server = { transport: "stdio" as const, command: "npx", args: ["-y", "@acme/mcp"] };
  const doc = emit({ id: "acme", server, publish: { packageName: "@acme/mcp" } }, {
    ...META,
    packageName: "@acme/mcp",
    main: "./dist/index.js",
  });
  assert.deepEqual([doc.server.type, doc.server.entry_point], ["node", "dist/index.js"]);
  assert.throws(
    () => emit({ id: "acme", server, publish: { packageName: "@acme/mcp" } }),
    /mcpb needs the server's entry file: .* or set "main" in the package\.json of @acme\/mcp/,
  );
});

test("a remote server, a missing description and a missing author are clear errors", () => {
  assert.throws(
    () => emit({ id: "acme", server: { transport: "http", url: "https://acme.example/mcp" } }),
    /mcpb describes a local stdio server; this connector's server is http/,
  );
  const server = { transport: "stdio" as const, command: "acme-mcp" };
  assert.throws(
    () => emit({ id: "acme", server }, { author: { name: "A" } }),
    /mcpb needs a description/,
  );
  assert.throws(
    () => emit({ id: "acme", server }, { description: "d" }),
    /mcpb needs publish\.author\.name/,
  );
});
