import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeClaudeFolder, decodePiFolder, projectPath } from "./_project.ts";

test("a project path loses its trailing slashes and a Windows-style path stays as logged", () => {
  assert.equal(projectPath("/u/me/work/"), "/u/me/work");
  assert.equal(projectPath("/u/me/work//"), "/u/me/work");
  assert.equal(projectPath("/u/me/work"), "/u/me/work");
  assert.equal(projectPath("/"), "/");
  assert.equal(projectPath("//"), "/");
  assert.equal(projectPath("C:\\Users\\me\\"), "C:\\Users\\me\\");
  assert.equal(projectPath("C:/Users/me/"), "C:/Users/me/");
  assert.equal(projectPath(""), "");
});

test("encoded folder names decode back to the working folder, lossily", () => {
  assert.equal(decodeClaudeFolder("-u-me-work"), "/u/me/work");
  assert.equal(decodeClaudeFolder("-u-me-my-app"), "/u/me/my/app"); // the encoding lost the `-`
  assert.equal(decodeClaudeFolder("C--Users-me"), "C:\\Users\\me");
  assert.equal(decodeClaudeFolder("p"), "p");
  assert.equal(decodePiFolder("--u-me-work--"), "/u/me/work");
  assert.equal(decodePiFolder("--C--Users-me--"), "C:\\Users\\me");
  assert.equal(decodePiFolder("other"), "other");
});
