/**
 * The documents agents and people are pointed to: every relative link in
 * llms.txt and the agent skill resolves, and the skill itself is a valid
 * Agent Skill by our own rules (so a connector could deploy it as is).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConnector } from "../core/define_connector.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SKILL = join(ROOT, "skills/agent-connector");

function relativeLinks(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const links = [...text.matchAll(/\]\(([^)#\s]+)\)|`(references\/[\w.-]+\.md)`/g)]
    .map((m) => m[1] ?? m[2]);
  return links.filter((l) => !/^[a-z]+:/.test(l));
}

test("every relative link in llms.txt and the skill names a file that exists", () => {
  const files = [
    join(ROOT, "llms.txt"),
    join(SKILL, "SKILL.md"),
    ...readdirSync(join(SKILL, "references")).map((f) => join(SKILL, "references", f)),
  ];
  let checked = 0;
  for (const file of files) {
    for (const link of relativeLinks(file)) {
      assert.ok(existsSync(join(dirname(file), link)), `${file} links to missing ${link}`);
      checked++;
    }
  }
  assert.ok(checked >= 10, `only ${checked} links checked`);
});

test("the agent-connector skill is a valid Agent Skill with its references as resources", () => {
  const text = readFileSync(join(SKILL, "SKILL.md"), "utf8");
  const match = /^---\nname: (.+)\ndescription: (.+)\n---\n\n([\s\S]+)$/.exec(text);
  assert.ok(match, "SKILL.md starts with name and description frontmatter");
  const resources = Object.fromEntries(
    readdirSync(join(SKILL, "references")).map((f) => [
      `references/${f}`,
      readFileSync(join(SKILL, "references", f), "utf8"),
    ]),
  );
  const connector = defineConnector({
    skills: [{ name: match[1], description: match[2], body: match[3], resources }],
  });
  assert.equal(connector.skills[0].name, "agent-connector");
});
