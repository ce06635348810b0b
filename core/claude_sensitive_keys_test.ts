import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  CLAUDE_SENSITIVE_KEY_PATTERNS,
  claudeSensitiveKeyViolation,
} from "./claude_sensitive_keys.ts";

// One key per documented pattern (spec §2.8), in the same order.
const REFUSED: [string, string][] = [
  ["permissions", "permissions"],
  ["permissions.*", "permissions.allow"],
  ["allowedTools*", "allowedTools"],
  ["disallowedTools*", "disallowedTools.x"],
  ["apiKey*", "apiKeyHelper"],
  ["awsAuthRefresh", "awsAuthRefresh"],
  ["awsCredentialExport", "awsCredentialExport"],
  ["forceLoginMethod", "forceLoginMethod"],
  ["forceLoginOrgUUID", "forceLoginOrgUUID"],
  ["otelHeadersHelper", "otelHeadersHelper"],
  ["env.ANTHROPIC_*", "env.ANTHROPIC_BASE_URL"],
  ["env.AWS_*", "env.AWS_PROFILE"],
  ["env.*_PROXY", "env.HTTPS_PROXY"],
  ["env.*TOKEN*", "env.GITHUB_TOKEN"],
  ["env.*KEY*", "env.OPENAI_API_KEY_FILE"],
  ["env.*SECRET*", "env.CLIENT_SECRET"],
];

describe("claudeSensitiveKeyViolation", () => {
  it("covers every documented pattern with a test", () => {
    assert.deepEqual(REFUSED.map(([p]) => p), [...CLAUDE_SENSITIVE_KEY_PATTERNS]);
  });

  for (const [pattern, key] of REFUSED) {
    it(`refuses ${key} (${pattern})`, () => {
      assert.equal(
        claudeSensitiveKeyViolation(key),
        `${key} is on the claude-code sensitive-key denylist (${pattern})`,
      );
    });
  }

  it("lets the agent-teams flag through", () => {
    assert.equal(
      claudeSensitiveKeyViolation("env.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS", "1"),
      undefined,
    );
    assert.equal(claudeSensitiveKeyViolation("includeCoAuthoredBy", false), undefined);
  });

  it("checks an object value key by key, so a whole env object cannot smuggle a credential in", () => {
    assert.match(
      claudeSensitiveKeyViolation("env", { FLAG: "1", ANTHROPIC_BASE_URL: "http://x" })!,
      /env\.ANTHROPIC_BASE_URL/,
    );
  });

  it("ignores case so a lower-case token variable is refused too", () => {
    assert.ok(claudeSensitiveKeyViolation("env.github_token"));
  });
});
