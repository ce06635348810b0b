/**
 * Marks the function declarations of a generated JavaScript file for eager
 * compilation, for the pre-linked entry Deno's home binary runs
 * (scripts/build_hook_entry.ts). V8 compiles a function lazily, on its first
 * call, unless it is a parenthesised function expression (its "likely
 * called" hint); Deno's code cache holds only what V8 compiled with the
 * script, so every hook call compiled each function it ran all over again —
 * about a third of what a hook call costs beyond an empty script
 * (bench/hook_bench.ts). Rewritten here, the functions come out of the code
 * cache instead.
 *
 * Each `function f(…) {…}` (async and generator ones too) becomes
 * `const f = (function f(…) {…});` moved to the top of its block, where the
 * declaration would have been initialised: no statement runs before it, so
 * hoisting is kept; the name, `this`, `arguments` and `new` behave as before.
 * A declaration directly under a `case` or a label is left as it is, and so
 * is each function `lazy` names, with everything inside it.
 *
 * Deno-only: Node 20 keeps no code cache for ES modules; the npm build links
 * its own chunks (scripts/_npm_chunks.ts).
 *
 * @module
 */

import ts from "typescript";

/**
 * `js` with every function declaration in a block turned into an eager
 * expression, except the functions named in `lazy` and what they contain.
 */
export function eagerFunctions(js: string, lazy: ReadonlySet<string> = new Set()): string {
  const sf = ts.createSourceFile("entry.js", js, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  // Rewrites inside a moved declaration must travel with it: rewrite the
  // text of each block from the innermost out.
  const rewrite = (start: number, end: number): string => {
    const inner = edits.filter((e) => e.start >= start && e.end <= end);
    let text = js.slice(start, end);
    for (const e of inner.sort((a, b) => b.start - a.start)) {
      text = text.slice(0, e.start - start) + e.text + text.slice(e.end - start);
    }
    for (const e of inner) edits.splice(edits.indexOf(e), 1);
    return text;
  };
  const kept = (node: ts.Node) =>
    ts.isFunctionDeclaration(node) && node.name !== undefined && lazy.has(node.name.text);
  const visit = (node: ts.Node) => {
    if (kept(node)) return;
    ts.forEachChild(node, visit);
    const statements = ts.isSourceFile(node) || ts.isBlock(node) ? node.statements : undefined;
    if (!statements) return;
    const moved: string[] = [];
    for (const st of statements) {
      if (!ts.isFunctionDeclaration(st) || !st.name || !st.body || kept(st)) continue;
      const start = st.getStart(sf);
      const text = rewrite(start, st.end);
      moved.push(`const ${st.name.text} = (${text});`);
      edits.push({ start, end: st.end, text: "" });
    }
    if (moved.length === 0 || statements.length === 0) return;
    // After the directive prologue: "use strict" below a statement is a no-op.
    const directives = statements.findIndex((st) => !isDirective(st));
    if (directives === 0) {
      const first = statements[0].getStart(sf);
      edits.push({ start: first, end: first, text: `${moved.join("\n")}\n` });
    } else {
      const after = statements[(directives === -1 ? statements.length : directives) - 1].end;
      edits.push({ start: after, end: after, text: `\n${moved.join("\n")}` });
    }
  };
  visit(sf);
  let out = js;
  for (const e of edits.sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}

function isDirective(st: ts.Statement): boolean {
  return ts.isExpressionStatement(st) && ts.isStringLiteral(st.expression);
}
