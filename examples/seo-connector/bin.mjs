#!/usr/bin/env node
// `seo install | doctor | auth login google | …`: the agent-connector CLI under
// this package's name, bound to its connector.
import { createConnectorCli } from "@ken-jo/agent-connector/cli";

await createConnectorCli({
  packageJson: new URL("./package.json", import.meta.url),
  connector: new URL("./agent-connector.config.mjs", import.meta.url),
}).main();
