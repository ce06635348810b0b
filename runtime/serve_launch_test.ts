import { test } from "node:test";
import assert from "node:assert/strict";
import { buildLaunchEnv, expandEnvArgs, LaunchEnvError } from "./serve_launch.ts";

test("--env templates expand from the wrapper's environment, defaults included", () => {
  assert.deepEqual(
    expandEnvArgs(["TOKEN={env:ACME_TOKEN}", "LOG={env:ACME_LOG:-info}", "URL=pg://{env:U}@h"], {
      ACME_TOKEN: "t0k",
      U: "app",
    }),
    { TOKEN: "t0k", LOG: "info", URL: "pg://app@h" },
  );
});

test("--env templates written upper-case for hosts that substitute {env:…} expand the same", () => {
  assert.deepEqual(
    expandEnvArgs(["TOKEN={ENV:ACME_TOKEN}", "LOG={ENV:ACME_LOG:-info}"], { ACME_TOKEN: "t0k" }),
    { TOKEN: "t0k", LOG: "info" },
  );
});

test("a malformed --env value is refused, not guessed", () => {
  assert.throws(() => expandEnvArgs(["no-equals"], {}), LaunchEnvError);
  assert.throws(() => expandEnvArgs(["1BAD=x"], {}), LaunchEnvError);
});

test("the server's environment gets the expanded --env entries without touching secrets", async () => {
  const env = await buildLaunchEnv({
    secretEnv: [],
    envArgs: ["TOKEN={env:ACME_TOKEN}"],
    env: { ACME_TOKEN: "t0k", PATH: "/bin" },
    home: "/h",
    dataRoot: "/h/.agent-connector",
  });
  assert.deepEqual(env, { ACME_TOKEN: "t0k", PATH: "/bin", TOKEN: "t0k" });
});
