import { test } from "node:test";
import assert from "node:assert/strict";
import { CLAUDE_ENV_REF, DOLLAR_BRACE_REF, ENV_COLON_REF, translateEnvRefs } from "../env_ref.ts";
import { renderMatcher } from "./matcher.ts";
import { hookCommand, isOwnedCommand, quotePosix } from "./command_line.ts";
import { markdownWithFrontmatter } from "./markdown.ts";
import { matches } from "../../core/matcher.ts";

test("env references are written in each host's own syntax, or refused when it has none for them", () => {
  assert.equal(translateEnvRefs("a ${env:X} ${env:Y:-d}", CLAUDE_ENV_REF), "a ${X} ${Y:-d}");
  assert.equal(translateEnvRefs("${env:X}", ENV_COLON_REF), "${env:X}");
  assert.equal(translateEnvRefs("${env:X:-d}", ENV_COLON_REF), undefined);
  assert.equal(translateEnvRefs("${env:X:-d}", DOLLAR_BRACE_REF), undefined);
  assert.equal(
    translateEnvRefs("x${secret:s}", CLAUDE_ENV_REF),
    undefined,
    "secrets never go into a file",
  );
  assert.equal(translateEnvRefs("plain", CLAUDE_ENV_REF), "plain");
});

test("rendered matchers never filter out a name the reference semantics match", () => {
  const names = ["Bash", "Write", "acme_write", "acme_write_all", "mcp__acme__query", "Edit"];
  for (const m of ["Bash|Write", "acme_write", "mcp__acme__.*", "^Ed", "*", undefined]) {
    for (const syntax of ["claude", "regex", "anchored-regex", "re-prefixed"] as const) {
      const native = renderMatcher(m, syntax);
      for (const name of names) {
        if (!matches(m, name)) continue;
        // Mistral Vibe: `re:` then a full match, ignoring case.
        const vibe = (n: string) => new RegExp(`^(?:${n.replace(/^re:/, "")})$`, "i");
        const hostMatches = native === undefined ||
          (syntax === "claude"
            ? matches(native, name)
            : syntax === "re-prefixed"
            ? native.startsWith("re:") && vibe(native).test(name)
            : new RegExp(syntax === "anchored-regex" ? `^(?:${native})$` : native).test(name));
        assert.ok(hostMatches, `${syntax} ${m} must let ${name} through`);
      }
    }
  }
  assert.equal(renderMatcher("Bash", "ignored"), undefined);
});

test("command lines quote only what needs quoting and are recognized as ours", () => {
  assert.equal(quotePosix("/a/b-c.d"), "/a/b-c.d");
  assert.equal(quotePosix("/a b/it's"), "'/a b/it'\\''s'");
  const cmd = hookCommand(
    "/home/a b/.agent-connector/bin/agent-connector",
    "linux",
    "claude-code",
    "Stop",
    "acme",
  );
  assert.equal(
    cmd,
    "'/home/a b/.agent-connector/bin/agent-connector' hook claude-code Stop --connector acme",
  );
  assert.equal(isOwnedCommand(cmd, "acme"), true);
  assert.equal(isOwnedCommand(cmd, "acm"), false);
  assert.equal(isOwnedCommand(cmd, "acme-db"), false);
  assert.equal(isOwnedCommand("my-own.sh --connector acme", "acme"), false);
});

test("frontmatter quotes what YAML would misread and keeps the body verbatim", () => {
  const text = markdownWithFrontmatter({
    name: "x",
    description: "Ship it: now",
    hint: "[env]",
    flag: true,
    n: undefined,
    yes: "yes",
  }, "Body\n\n");
  assert.equal(
    text,
    '---\nname: x\ndescription: "Ship it: now"\nhint: "[env]"\nflag: true\nyes: "yes"\n---\n\nBody\n',
  );
  assert.equal(markdownWithFrontmatter({}, "only body"), "only body\n");
});
