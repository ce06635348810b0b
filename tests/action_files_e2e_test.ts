/**
 * Actions written one file each, end to end, for the hosts that take them
 * that way besides Kiro (tests/kiro_actions_e2e_test.ts): Droid's script
 * slash commands and Warp's YAML workflows. For each host, in a project
 * whose folder already holds a file of the user's own: every action gets
 * its file, which runs the action the way the host does and prints its
 * message; a second install is all `=`; an action taken out of the
 * connector loses its file; the user scope writes to the host's own user
 * folder; uninstall gives back every byte.
 */
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";
import { parse } from "yaml";
import { fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";
import { denoDirEnv } from "./_helpers/runtime.ts";
import { oneActionConnector } from "./_helpers/actions.ts";

/** One host's action files, and how it runs one. */
interface FileActionHost {
  id: string;
  /** The folder of action files, relative to the project (and to HOME for the user scope). */
  projectDir: string;
  userDir: string;
  ext: string;
  /** A file of the user's own in the project folder. */
  mine: [string, string];
  /** The command the host runs for the file at `path`, as `sh -c` text. */
  run(path: string): string;
  /** What the host shows for it. */
  title(text: string): string;
}

const HOSTS: FileActionHost[] = [
  {
    id: "droid",
    projectDir: ".factory/commands",
    userDir: ".factory/commands",
    ext: ".sh",
    mine: ["review.md", "---\ndescription: Review\n---\n\nReview $ARGUMENTS.\n"],
    // Droid 0.225.2 runs `<shebang interpreter> <file> <args…>` and names the
    // command by the second line when there is no frontmatter.
    run: (path) => `/bin/sh '${path}'`,
    title: (text) => text.split("\n")[1],
  },
  {
    id: "warp",
    projectDir: ".warp/workflows",
    userDir: ".local/share/warp-terminal/workflows",
    ext: ".yaml",
    mine: ["deploy.yaml", "name: Deploy\ncommand: make deploy\n"],
    // Warp puts the workflow's command on the command line.
    run: (path) => (parse(readFileSync(path, "utf8")) as { command: string }).command,
    title: (text) => (parse(text) as { name: string }).name,
  },
];

const CONNECTOR = fixtureConnector("acme-actions");

for (const host of HOSTS) {
  describe(`${host.id}: actions as files`, () => {
    const [mineName, mineText] = host.mine;
    const box = hostBox({ project: { [`${host.projectDir}/${mineName}`]: mineText } });
    after(() => box.done());
    const dir = (root = box.project, rel = host.projectDir) => join(root, rel);
    const file = (action: string) => `acme-actions-${action}${host.ext}`;
    const install = (connector = CONNECTOR, scope = "project") =>
      box.cli("install", "--connector", connector, "--targets", host.id, "--scope", scope);
    const runAction = (path: string) =>
      spawnSync("sh", ["-c", host.run(path)], {
        cwd: box.project,
        encoding: "utf8",
        env: { HOME: box.home, PATH: process.env.PATH ?? "", ...denoDirEnv() },
      });

    test("each action is a file beside the user's, and running it prints the message", async () => {
      const run = await install();
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^\\+ ${host.id} +action refresh-schema: written`, "m"));
      assert.deepEqual(
        readdirSync(dir()).sort(),
        [
          file("open-dashboard"),
          file("refresh-schema"),
          mineName,
        ].sort(),
      );
      assert.equal(readFileSync(join(dir(), mineName), "utf8"), mineText);
      const path = join(dir(), file("refresh-schema"));
      assert.equal(
        host.title(readFileSync(path, "utf8")).replace(/^# /, ""),
        "Acme DB: Refresh schema",
      );
      const ran = runAction(path);
      assert.equal(ran.status, 0, ran.stderr);
      assert.equal(ran.stdout.trim(), `schema refreshed for ${host.id}`);
    });

    test("a second install is all =", async () => {
      const run = await install();
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^= ${host.id} +action refresh-schema`, "m"));
      assert.doesNotMatch(run.stdout, new RegExp(`^[+~-] ${host.id}`, "m"));
    });

    test("an action the connector no longer declares loses its file", async () => {
      const run = await install(oneActionConnector(dirname(box.project)));
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, new RegExp(`^- ${host.id} +action open-dashboard: removed`, "m"));
      assert.equal(existsSync(join(dir(), file("open-dashboard"))), false);
      assert.equal(existsSync(join(dir(), file("refresh-schema"))), true);
    });

    test("the user scope writes the host's user folder", async () => {
      const run = await install(CONNECTOR, "user");
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const path = join(dir(box.home, host.userDir), file("open-dashboard"));
      assert.equal(runAction(path).stdout.trim(), "dashboard at https://acme.example/db");
      const gone = await box.cli("uninstall", "--connector-id", "acme-actions", "--scope", "user");
      assert.equal(gone.code, 0, gone.stdout + gone.stderr);
      assert.equal(existsSync(path), false);
    });

    test("uninstall gives back the user's folder byte for byte", async () => {
      const run = await box.cli(
        "uninstall",
        "--connector-id",
        "acme-actions",
        "--scope",
        "project",
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.deepEqual(readdirSync(dir()), [mineName]);
      box.assertRestored();
    });
  });
}
