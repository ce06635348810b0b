/**
 * oh-my-pi 18.2.3 headless against the mock: pi's `openai-completions` provider, in
 * omp's `~/.omp/agent/models.yml`; `omp -p` in JSON mode. omp runs on Bun, so the
 * baseline Bun build the pin installs beside it goes first on PATH. MCP is omp's own
 * (`~/.omp/agent/mcp.json`); hooks run in our generated extension.
 *
 * The checks that need the model to call the lab's MCP tool cannot pass: omp 18.2.3 offers
 * MCP tools as "discoverable", not in the model's tool list (its docs/custom-tools.md
 * `loadMode`), and gives a server 250 ms at startup (docs/mcp-runtime-lifecycle.md). It
 * does start the server through serve and list its tools, and the extension's tool_call
 * hook denied a bash call in the real omp (adapters/omp/SOURCES.md).
 *
 * @module
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HostCtx, LabHost } from "./_types.ts";

/** The folder of the Bun binary installed beside omp (pins.ts `extra`). */
function bunDir({ bin }: HostCtx): string {
  return join(dirname(dirname(bin)), "@oven", "bun-linux-x64-baseline", "bin");
}

const NO_MCP_TOOL =
  "omp 18.2.3 lists MCP tools as discoverable, not in the model's tool list, so the lab model never calls lab_lookup";

/** omp in the lab. */
export const omp: LabHost = {
  id: "omp",
  adapter: "omp",
  command: "prompt",
  limits: {
    "mcp-call": NO_MCP_TOOL,
    "telemetry-row": NO_MCP_TOOL,
    "hook-allow": `${NO_MCP_TOOL}; the hook ran on bash by hand (adapters/omp/SOURCES.md)`,
    "hook-deny":
      `${NO_MCP_TOOL}; a deny on bash reached the model by hand (adapters/omp/SOURCES.md)`,
    "hook-context": NO_MCP_TOOL,
  },
  prepare: ({ box, mockUrl }) => {
    const dir = join(box.home, ".omp", "agent");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "models.yml"),
      [
        "providers:",
        "  mock:",
        `    baseUrl: ${mockUrl}/v1`,
        "    api: openai-completions",
        "    apiKey: lab-dummy-key",
        "    compat:",
        "      supportsDeveloperRole: false",
        "    models:",
        "      - id: mock-model",
        "        name: Mock model",
        "",
      ].join("\n"),
    );
  },
  env: (ctx) => ({ PATH: `${bunDir(ctx)}:${ctx.box.env.PATH ?? ""}`, PI_OFFLINE: "1" }),
  argv: ({ bin }, prompt) => [
    bin,
    "--model",
    "mock/mock-model",
    "--no-title",
    "--mode",
    "json",
    "-p",
    prompt,
  ],
};
