/**
 * Host files in the shapes users have them (#19 "symlinked, read-only,
 * duplicate-key, BOM, CRLF and huge"): a full install then uninstall through
 * the CLI gives back every byte (and the mode), or the file is refused with
 * a `!` line and left byte-identical while the other files go on.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  lstatSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { assertSameTree } from "../_helpers/tree.ts";
import { chaosBox, FULL } from "./_box.ts";

const TARGETS = "claude-code,gemini-cli,cursor";

/** A ~/.claude.json of `mb` MiB of project history, in the host's own layout. */
function hugeClaudeJson(mb: number): string {
  const projects: Record<string, unknown> = {};
  const entry = { allowedTools: [], history: [{ display: "x".repeat(900), pastedContents: {} }] };
  for (let i = 0; i < mb * 1024; i++) projects[`/home/u/p${i}`] = entry;
  return `${JSON.stringify({ numStartups: 3, projects }, null, 2)}\n`;
}

const SHAPES: Array<{ name: string; files: Record<string, string | Uint8Array> }> = [
  {
    name: "BOM and CRLF",
    files: {
      "home/.claude.json": '\uFEFF{\r\n  "theme": "dark",\r\n  "mcpServers": {}\r\n}\r\n',
      "home/.gemini/settings.json": '\uFEFF{\r\n\t"theme": "GitHub"\r\n}',
      "home/.cursor/mcp.json": '{"mcpServers":{"mine":{"command":"x"}}}',
    },
  },
  {
    name: "JSONC comments, trailing commas, no final newline",
    files: {
      "home/.claude/settings.json": '{\n  // mine\n  "model": "opus", /* keep */\n}',
      "home/.gemini/settings.json": '{\n  "a": [1, 2,],\n}',
    },
  },
  { name: "huge (8 MiB ~/.claude.json)", files: { "home/.claude.json": hugeClaudeJson(8) } },
  {
    name: "non-ASCII and escapes",
    files: {
      "home/.claude.json": '{\n  "name": "Zoë \\u00e9 😀",\n  "path": "C:\\\\x"\n}\n',
    },
  },
];

for (const shape of SHAPES) {
  test(`${shape.name}: install + uninstall give back every byte`, async () => {
    const box = chaosBox((put) => {
      for (const [p, t] of Object.entries(shape.files)) put(p, t);
    });
    try {
      const before = box.snap();
      const dir = box.connector("acme", FULL);
      const install = await box.cli("install", "--connector", dir, "--targets", TARGETS);
      assert.equal(install.code, 0, install.stdout + install.stderr);
      const uninstall = await box.cli("uninstall", "--connector-id", "acme", "--targets", TARGETS);
      assert.equal(uninstall.code, 0, uninstall.stdout + uninstall.stderr);
      assertSameTree(box.snap(), before, shape.name);
    } finally {
      box.dispose();
    }
  });
}

test("a read-only host file keeps its mode (as root, written; else refused with a ! line)", async () => {
  const text = '{\n  "theme": "dark"\n}\n';
  const box = chaosBox((put) => void put("home/.claude.json", text));
  try {
    const file = join(box.home, ".claude.json");
    chmodSync(file, 0o444);
    const before = box.snap();
    const dir = box.connector("acme", FULL);
    const install = await box.cli("install", "--connector", dir, "--targets", "claude-code");
    assert.equal((statSync(file).mode & 0o777).toString(8), "444");
    if (process.getuid?.() !== 0) {
      assert.match(install.stdout, /! .*\.claude\.json.* cannot be written \(permission denied\)/);
    }
    await box.cli("uninstall", "--connector-id", "acme", "--targets", "claude-code");
    assert.equal((statSync(file).mode & 0o777).toString(8), "444");
    assertSameTree(box.snap(), before, "read-only");
  } finally {
    box.dispose();
  }
});

test("symlinked host files: to a dotfiles folder, dangling into it, and a loop", async () => {
  const mine = '{\n  "theme": "dark"\n}\n';
  const box = chaosBox((put) => {
    put("dotfiles/claude.json", mine);
    put("dotfiles/gemini/README", "mine\n");
    put("home/.gemini/README", "mine\n");
    put("home/.cursor/README", "mine\n");
  });
  try {
    const link = (path: string, to: string) => {
      symlinkSync(to, join(box.home, path));
      return [join(box.home, path), to] as const;
    };
    const links = [
      link(".claude.json", join(box.base, "dotfiles", "claude.json")),
      link(".gemini/settings.json", join(box.base, "dotfiles", "gemini", "settings.json")),
      link(".cursor/mcp.json", join(box.home, ".cursor", "mcp.json")),
    ];
    const dir = box.connector("acme", FULL);
    const install = await box.cli("install", "--connector", dir, "--targets", TARGETS);
    assert.match(install.stdout, /! .*mcp\.json is a symbolic link that loops/);
    assert.match(readFileSync(join(box.base, "dotfiles", "claude.json"), "utf8"), /"acme"/);
    assert.match(
      readFileSync(join(box.base, "dotfiles", "gemini", "settings.json"), "utf8"),
      /"acme"/,
    );
    await box.cli("uninstall", "--connector-id", "acme", "--targets", TARGETS);
    for (const [path, to] of links) {
      assert.ok(lstatSync(path).isSymbolicLink(), `${path} is still a link`);
      assert.equal(readlinkSync(path), to);
    }
    assert.equal(readFileSync(join(box.base, "dotfiles", "claude.json"), "utf8"), mine);
    assert.equal(existsSync(join(box.base, "dotfiles", "gemini", "settings.json")), false);
  } finally {
    box.dispose();
  }
});

test("a duplicate key: that file is refused with both lines, the other hosts are installed", async () => {
  const dupe = '{\n  "mcpServers": {},\n  "theme": "dark",\n  "mcpServers": {}\n}\n';
  const box = chaosBox((put) => void put("home/.claude.json", dupe));
  try {
    const before = box.snap();
    const dir = box.connector("acme", FULL);
    const install = await box.cli("install", "--connector", dir, "--targets", TARGETS);
    assert.notEqual(install.code, 0);
    assert.match(
      install.stdout,
      /! .*\.claude\.json: line 4: "mcpServers" appears twice in one object \(also on line 2\)/,
    );
    assert.match(install.stdout, /\+ gemini-cli +MCP server acme: added/);
    await box.cli("uninstall", "--connector-id", "acme", "--targets", TARGETS);
    assertSameTree(box.snap(), before, "duplicate key");
  } finally {
    box.dispose();
  }
});
