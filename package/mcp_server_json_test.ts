import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { ConnectorConfig } from "../core/connector_types.ts";
import { emitMcpServerJson } from "./mcp_server_json.ts";
import type { PackageMeta } from "./types.ts";
import { packageSchema, validateJson } from "../tests/_helpers/json_schema.ts";

const SCHEMA = packageSchema("mcp-registry-2025-12-11", "server.schema.json");
const META: PackageMeta = {
  description: "Acme DB tools",
  repository: "git+https://github.com/acme/x.git",
};
const PUBLISH = { registryNamespace: "io.github.acme", packageName: "@acme/mcp" };

function emit(config: ConnectorConfig, meta: PackageMeta = META) {
  const connector = defineConnector(config);
  const pkg = emitMcpServerJson({ connector, meta });
  const doc = JSON.parse(pkg.files[0].text);
  assert.deepEqual(validateJson(doc, SCHEMA), [], JSON.stringify(doc, null, 2));
  return { pkg, doc };
}

test("the schema helper rejects what the registry schema rejects", () => {
  assert.notDeepEqual(
    validateJson({ name: "no-slash", description: "x", version: "1" }, SCHEMA),
    [],
  );
  assert.notDeepEqual(
    validateJson({ name: "a/b", description: "x".repeat(101), version: "1" }, SCHEMA),
    [],
  );
  assert.notDeepEqual(
    validateJson({
      name: "a/b",
      description: "x",
      version: "1",
      packages: [{
        registryType: "npm",
        identifier: "x",
        version: "latest",
        transport: { type: "stdio" },
      }],
    }, SCHEMA),
    [],
  );
});

test("a stdio server is the real published package, not the serve wrapper; secrets are required secret variables", () => {
  const { doc } = emit({
    id: "acme-db",
    version: "1.2.3",
    publish: PUBLISH,
    server: {
      transport: "stdio",
      command: "npx",
      args: ["-y", "@acme/mcp", "--region", "${env:ACME_REGION:-eu}"],
      env: { DSN: "pg://${env:USER}:${secret:db-pass}@h", LOG: "${env:LOG}", MODE: "ro" },
    },
  });
  assert.equal(doc.name, "io.github.acme/acme-db");
  assert.deepEqual(doc.repository, { url: "https://github.com/acme/x", source: "github" });
  assert.deepEqual(doc.packages, [{
    registryType: "npm",
    identifier: "@acme/mcp",
    version: "1.2.3",
    runtimeHint: "npx",
    transport: { type: "stdio" },
    packageArguments: [
      { type: "positional", value: "--region" },
      { type: "positional", value: "{ACME_REGION}", variables: { ACME_REGION: { default: "eu" } } },
    ],
    environmentVariables: [
      { name: "LOG", isRequired: true },
      { name: "MODE", value: "ro" },
      { name: "DSN", description: 'Holds the secret "db-pass"', isRequired: true, isSecret: true },
    ],
  }]);
  assert.doesNotMatch(JSON.stringify(doc), /"serve"|agent-connector|--connector/);
});

test("a remote server is a remote with its header variables; bearer auth is a secret Authorization header", () => {
  const { doc } = emit({
    id: "acme",
    publish: { registryNamespace: "com.acme" },
    server: {
      transport: "http",
      url: "https://${env:TENANT}.acme.example/mcp",
      headers: { "X-Org": "acme" },
      auth: { type: "bearerEnv", bearerEnvVar: "ACME_TOKEN" },
    },
  });
  assert.deepEqual(doc.remotes, [{
    type: "streamable-http",
    url: "https://{TENANT}.acme.example/mcp",
    headers: [
      { name: "X-Org", value: "acme" },
      {
        name: "Authorization",
        isRequired: true,
        isSecret: true,
        value: "Bearer {ACME_TOKEN}",
        variables: { ACME_TOKEN: { isRequired: true, isSecret: true } },
      },
    ],
    variables: { TENANT: { isRequired: true } },
  }]);
  assert.equal(doc.packages, undefined);
});

test("each missing publish field is one clear error naming it", () => {
  const stdio = { transport: "stdio" as const, command: "npx", args: ["-y", "@acme/mcp"] };
  assert.throws(
    () => emit({ id: "acme", server: stdio }),
    /needs publish\.registryNamespace in the connector config/,
  );
  assert.throws(
    () => emit({ id: "acme", server: stdio, publish: { registryNamespace: "io.github.acme" } }),
    /needs publish\.packageName in the connector config/,
  );
  assert.throws(
    () => emit({ id: "acme", server: stdio, publish: PUBLISH }, {}),
    /needs a description of 1-100 characters: set "description" in the connector's package\.json/,
  );
  assert.throws(
    () =>
      emit({ id: "acme", server: { transport: "ws", url: "wss://a.example" }, publish: PUBLISH }),
    /a ws server cannot be described/,
  );
});
