import { fileURLToPath } from "node:url";
import { testAdapter } from "../../tests/conformance/adapter_suite.ts";
import { adapter } from "./mod.ts";

testAdapter(adapter, {
  seedHome: fileURLToPath(
    new URL("../../tests/fixtures/hosts/qwen-code/seed-home/", import.meta.url),
  ),
  seedProject: fileURLToPath(
    new URL("../../tests/fixtures/hosts/qwen-code/seed-project/", import.meta.url),
  ),
});
