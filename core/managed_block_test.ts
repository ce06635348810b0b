import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  blockHash,
  listManagedBlocks,
  removeManagedBlocks,
  renderBlock,
  upsertManagedBlock,
} from "./managed_block.ts";
import { markdownArb, renderMarkdown } from "../tests/_helpers/gen_markdown.ts";
import { isOneInsertion } from "../tests/_helpers/text_diff.ts";

const RUNS = { numRuns: 200 };
const contentArb = fc.constantFrom(
  "Use acme for SQL.",
  "Line one\n\n```sql\nselect 1;\n```\n",
  "- a\n- b\n\n~~~\nunclosed tilde fence",
  "Crlf\r\nContent\r\n",
);

describe("upsertManagedBlock and removeManagedBlocks", () => {
  it("insert then remove gives the original bytes for generated Markdown", () => {
    fc.assert(
      fc.property(markdownArb, contentArb, (d, content) => {
        const text = renderMarkdown(d);
        const r = upsertManagedBlock(text, "acme/memory", content);
        assert.equal(r.action, "create");
        assert.ok(isOneInsertion(text, r.text), "bytes outside the new block changed");
        assert.equal(removeManagedBlocks(r.text, "acme/").text, text);
      }),
      RUNS,
    );
  });

  it("applying twice equals applying once, and the result scans to exactly one intact block", () => {
    fc.assert(
      fc.property(markdownArb, contentArb, (d, content) => {
        const once = upsertManagedBlock(renderMarkdown(d), "acme/memory", content);
        const twice = upsertManagedBlock(once.text, "acme/memory", content);
        assert.equal(twice.action, "skip");
        assert.equal(twice.text, once.text);
        const mine = listManagedBlocks(once.text).filter((b) => b.id === "acme/memory");
        assert.deepEqual(mine, [{
          id: "acme/memory",
          markerHash: once.hash,
          actualHash: once.hash,
        }]);
      }),
      RUNS,
    );
  });

  it("replaces a block in place without touching a byte outside its markers", () => {
    fc.assert(
      fc.property(markdownArb, markdownArb, contentArb, (d1, d2, content) => {
        const head = renderMarkdown(d1);
        const first = upsertManagedBlock(head, "acme/memory", "old");
        const tail = renderMarkdown({ ...d2, bom: false }).replace(
          /\r?\n/g,
          first.text.includes("\r\n") ? "\r\n" : "\n",
        );
        fc.pre(first.text.endsWith("\n"));
        const withTail = first.text + tail;
        const updated = upsertManagedBlock(withTail, "acme/memory", content);
        assert.equal(updated.action, "update");
        const begin = withTail.indexOf("<!-- agent-connector:begin acme/memory hash=" + first.hash);
        const end = withTail.indexOf("<!-- agent-connector:end acme/memory -->", begin);
        const endLine = withTail.indexOf("\n", end);
        assert.ok(updated.text.startsWith(withTail.slice(0, begin)));
        assert.ok(updated.text.endsWith(withTail.slice(endLine)));
      }),
      RUNS,
    );
  });

  it("hashes the inner region normalised: CRLF to LF and trimmed", () => {
    const { lines, hash } = renderBlock("acme/memory", "Rules.");
    assert.equal(hash, blockHash(lines.slice(1, -1).join("\r\n") + "\r\n\r\n"));
    assert.match(lines[0], /^<!-- agent-connector:begin acme\/memory hash=[0-9a-f]{12} -->$/);
    assert.equal(lines.at(-1), "<!-- agent-connector:end acme/memory -->");
    assert.match(
      lines[1],
      /^<!-- Managed by agent-connector for "acme"\. Do not edit between these markers: .*`agent-connector uninstall acme`\)\. -->$/,
    );
  });

  it("gives a shared bridge block its own notice, naming no connector and no uninstall of it", () => {
    const { lines } = renderBlock("_shared/claude-agents-import", "@AGENTS.md");
    assert.equal(
      lines[0].startsWith("<!-- agent-connector:begin _shared/claude-agents-import "),
      true,
    );
    assert.equal(
      lines[1],
      "<!-- Managed by agent-connector, shared by every connector that needs it. Do not edit " +
        "between these markers: install rewrites this block, and it is removed when the last " +
        "connector that needs it is uninstalled (`agent-connector uninstall <connectorId>` for each). -->",
    );
    assert.equal(lines.slice(1, -1).some((l) => /for "_shared"|uninstall _shared/.test(l)), false);
  });

  it("appends a new block after exactly one blank line, keeping trailing blank lines after it", () => {
    assert.equal(
      upsertManagedBlock("# Rules\n", "a/m", "x").text,
      "# Rules\n\n" + renderBlock("a/m", "x").lines.join("\n") + "\n",
    );
    assert.equal(
      upsertManagedBlock("# Rules\n\n\n", "a/m", "x").text,
      "# Rules\n\n" + renderBlock("a/m", "x").lines.join("\n") + "\n\n\n",
    );
    assert.equal(
      upsertManagedBlock("", "a/m", "x").text,
      renderBlock("a/m", "x").lines.join("\n") + "\n",
    );
  });

  it("writes the block with the file's CRLF endings and keeps the BOM", () => {
    const r = upsertManagedBlock("\uFEFF# Rules\r\n", "a/m", "x\ny");
    assert.ok(r.text.startsWith("\uFEFF# Rules\r\n\r\n<!-- agent-connector:begin"));
    assert.ok(!/[^\r]\n/.test(r.text));
  });

  it("never matches marker text quoted in ``` or ~~~ fences", () => {
    const quoted =
      "```\n<!-- agent-connector:begin a/m hash=123456789012 -->\n<!-- agent-connector:end a/m -->\n```\n" +
      "~~~\n<!-- agent-connector:end a/m -->\n~~~\n";
    assert.deepEqual(listManagedBlocks(quoted), []);
    assert.equal(removeManagedBlocks(quoted, "a/").text, quoted);
    assert.equal(upsertManagedBlock(quoted, "a/m", "x").action, "create");
  });

  it("leaves a block edited by hand alone, and overwrites it only under force", () => {
    const r = upsertManagedBlock("# Rules\n", "a/m", "v1");
    const edited = r.text.replace("v1", "v1 plus my own line");
    const kept = upsertManagedBlock(edited, "a/m", "v2");
    assert.equal(kept.action, "warn");
    assert.equal(kept.text, edited);
    const forced = upsertManagedBlock(edited, "a/m", "v2", true);
    assert.equal(forced.action, "update");
    assert.equal(forced.userEdited, true);
    assert.equal(forced.text, upsertManagedBlock("# Rules\n", "a/m", "v2").text);
    assert.deepEqual(removeManagedBlocks(edited, "a/").removed, [{ id: "a/m", userEdited: true }]);
  });

  it("strips only the line of a stray marker", () => {
    const text = "# Rules\n<!-- agent-connector:end a/m -->\nkeep me\n";
    const r = upsertManagedBlock(text, "a/m", "x");
    assert.equal(r.strays, 1);
    assert.ok(r.text.startsWith("# Rules\nkeep me\n\n<!-- agent-connector:begin a/m"));
    assert.deepEqual(removeManagedBlocks(text, "a/"), {
      text: "# Rules\nkeep me\n",
      removed: [],
      strays: 1,
    });
  });

  it("collapses duplicate pairs from past bugs into one", () => {
    const block = renderBlock("a/m", "x").lines.join("\n");
    const text = `# Rules\n\n${block}\n\nmiddle\n\n${block}\n`;
    const r = upsertManagedBlock(text, "a/m", "y");
    assert.equal(r.collapsed, 1);
    assert.equal(r.text, `# Rules\n\n${renderBlock("a/m", "y").lines.join("\n")}\n\nmiddle\n`);
  });

  it("removes every block under the connector prefix and keeps other connectors' blocks", () => {
    let text = "# Rules\n";
    text = upsertManagedBlock(text, "a/memory", "1").text;
    text = upsertManagedBlock(text, "b/memory", "2").text;
    text = upsertManagedBlock(text, "a/old-name", "3").text;
    const r = removeManagedBlocks(text, "a/");
    assert.deepEqual(r.removed.map((b) => b.id), ["a/memory", "a/old-name"]);
    assert.equal(r.text, upsertManagedBlock("# Rules\n", "b/memory", "2").text);
  });

  it("keeps a file without a final newline that way", () => {
    const r = upsertManagedBlock("# Rules", "a/m", "x");
    assert.ok(!r.text.endsWith("\n"));
    assert.equal(removeManagedBlocks(r.text, "a/").text, "# Rules");
  });
});
