import { fileURLToPath } from "node:url";
import { testAdapter } from "../../tests/conformance/adapter_suite.ts";
import { adapter } from "./mod.ts";

testAdapter(adapter, {
  seedHome: fileURLToPath(
    new URL("../../tests/fixtures/hosts/gemini-cli/seed-home/", import.meta.url),
  ),
  seedProject: fileURLToPath(
    new URL("../../tests/fixtures/hosts/gemini-cli/seed-project/", import.meta.url),
  ),
});
