import { testAdapter } from "../../tests/conformance/adapter_suite.ts";
import { adapter } from "./mod.ts";

testAdapter(adapter);
