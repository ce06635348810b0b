import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import process from "node:process";
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

test(
  "a branded CLI whose connector module is a URL says once, for any command, to run it from a local copy",
  {
    skip: process.versions.deno ? false : "runs a Deno child",
  },
  () => {
    const connector = "https://example.com/acme/agent-connector.config.mjs";
    const script = `import process from "node:process";
import { createConnectorCli } from ${
      JSON.stringify(new URL("./create_connector_cli.ts", import.meta.url).href)
    };
const cli = createConnectorCli({
  packageJson: { name: "@acme/demo", version: "3.0.0", bin: { "acme-demo": "./bin.ts" } },
  connector: new URL(${JSON.stringify(connector)}),
});
console.log(cli.connectorPath);
process.exitCode = await cli.run(["install", "--targets", "claude-code"]);
`;
    const run = spawnSync(process.execPath, ["eval", "--quiet", script], {
      cwd: fileURLToPath(new URL("../", import.meta.url)),
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stdout, `${connector}\n`);
    assert.equal(
      run.stderr,
      `acme-demo: the connector module ${connector} is not a file on this machine: hosts ` +
        "re-import it on every hook call, offline, so acme-demo cannot be installed from a URL; " +
        "run it from a local copy of its package (installed from npm, or a checkout) instead\n",
    );
  },
);
