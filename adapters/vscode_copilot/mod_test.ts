import { fileURLToPath } from "node:url";
import { testAdapter } from "../../tests/conformance/adapter_suite.ts";
import { adapter } from "./mod.ts";

const seed = (side: string) =>
  fileURLToPath(
    new URL(`../../tests/fixtures/hosts/vscode-copilot/seed-${side}/`, import.meta.url),
  );

testAdapter(adapter, { seedHome: seed("home"), seedProject: seed("project") });
