import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { binNameOf, createConnectorCli } from "./create_connector_cli.ts";

const config = new URL(
  "../tests/fixtures/connectors/acme-full/agent-connector.config.mjs",
  import.meta.url,
);

test("the branded CLI takes its name from package.json's bin and its version", () => {
  const cli = createConnectorCli({
    packageJson: {
      name: "@acme/orders-mcp",
      version: "2.0.1",
      bin: { "acme-orders": "./bin.mjs" },
    },
    connector: config,
  });
  assert.deepEqual([cli.name, cli.version, cli.connectorPath], [
    "acme-orders",
    "2.0.1",
    fileURLToPath(config),
  ]);
  assert.equal(binNameOf({ name: "@acme/orders-mcp" }), "orders-mcp");
  assert.equal(binNameOf({}), undefined);
});

test("a branded CLI reads package.json from a URL and refuses a connector without a module path", async () => {
  const pkg = new URL("../tests/fixtures/connectors/acme-full/package.json", import.meta.url);
  assert.equal(createConnectorCli({ packageJson: pkg, connector: config }).name, "acme-db");
  const imported = (await import(config.href)).default;
  assert.throws(
    () => createConnectorCli({ packageJson: pkg, connector: imported }),
    /connector as the config module's URL/,
  );
  assert.equal(
    createConnectorCli({ packageJson: pkg, connector: imported, connectorPath: config })
      .connectorPath,
    fileURLToPath(config),
  );
  assert.throws(
    () => createConnectorCli({ packageJson: "/nonexistent/package.json", connector: config }),
    /cannot read/,
  );
});
