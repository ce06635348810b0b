import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects } from "../tests/_helpers/config_error.ts";

const render = () => "ok";
const run = () => {};
const sl = (s: Record<string, unknown>) => ({ id: "t", statusline: { render, ...s } });
const act = (a: Record<string, unknown>) => ({ id: "t", actions: [{ id: "go", run, ...a }] });

test("the status line is a single object, not an array", () => {
  rejects(
    { id: "t", statusline: [{ render }] },
    "statusline: must be one object, not an array — a connector has a single status line",
  );
});

test("the status line needs a render function and defaults its name", () => {
  rejects(
    { id: "t", statusline: { name: "hud" } },
    "statusline.render: must be a function, got undefined",
  );
  assert.equal(define(sl({})).statusline?.name, "statusline");
  rejects(
    sl({ name: "My HUD" }),
    'statusline.name: "My HUD" must be kebab-case (^[a-z0-9][a-z0-9-]*$)',
  );
});

test("status line options are integers >= 1 and booleans", () => {
  rejects(
    sl({ options: { refreshInterval: 0 } }),
    "statusline.options.refreshInterval: must be an integer >= 1, got 0",
  );
  rejects(
    sl({ options: { maxLines: 1.5 } }),
    "statusline.options.maxLines: must be an integer >= 1, got 1.5",
  );
  rejects(
    sl({ options: { respectUserColors: 1 } }),
    "statusline.options.respectUserColors: must be true or false, got 1",
  );
  assert.ok(
    define(sl({ options: { refreshInterval: 5, maxLines: 2, hideContextIndicator: true } })),
  );
});

test("status line host overrides name registered hosts, render functions and valid options", () => {
  assert.throws(
    () => define(sl({ hosts: { "claude-kode": { render } } })),
    /statusline\.hosts: "claude-kode" is not a registered host id/,
  );
  rejects(
    sl({ hosts: { "qwen-code": { render: "x" } } }),
    'statusline.hosts.qwen-code.render: must be a function, got "x"',
  );
  rejects(
    sl({ hosts: { "qwen-code": { options: { refreshInterval: -1 } } } }),
    "statusline.hosts.qwen-code.options.refreshInterval: must be an integer >= 1, got -1",
  );
  assert.ok(define(sl({ hosts: { "qwen-code": { options: { maxLines: 1 } } } })));
});

test("action ids are kebab-case and unique; run is a function", () => {
  rejects(act({ id: "Go" }), 'actions[0].id: "Go" must be kebab-case (^[a-z0-9][a-z0-9-]*$)');
  rejects(
    { id: "t", actions: [{ id: "go", run }, { id: "go", run }] },
    'actions[1].id: duplicate id "go"',
  );
  rejects(act({ run: "go.sh" }), 'actions[0].run: must be a function, got "go.sh"');
});

test("action host overrides name registered hosts and override handlers are functions", () => {
  assert.throws(
    () => define(act({ hosts: { zedd: { run } } })),
    /actions\[0\]\.hosts: "zedd" is not a registered host id/,
  );
  rejects(
    act({ hosts: { zed: { run: 1 } } }),
    "actions[0].hosts.zed.run: must be a function, got 1",
  );
  assert.ok(define(act({ hosts: { zed: { label: "Go" } } })));
});

test("action metadata is type-checked", () => {
  rejects(
    act({ placement: "menu" }),
    'actions[0].placement: expected command-palette | toolbar | context-menu | slash-command, got "menu"',
  );
  rejects(
    act({ placement: ["toolbar", 3] }),
    "actions[0].placement: expected command-palette | toolbar | context-menu | slash-command, got 3",
  );
  rejects(act({ confirm: "yes" }), 'actions[0].confirm: must be an object, got "yes"');
  rejects(act({ confirm: { title: 1 } }), "actions[0].confirm.title: must be a string, got 1");
  rejects(act({ label: 1 }), "actions[0].label: must be a string, got 1");
  assert.ok(define(act({ placement: ["toolbar"], confirm: { message: "Sure?" }, icon: "play" })));
});
