import { test } from "node:test";
import assert from "node:assert/strict";
import { calibrationEnabled, calibrationFromEnv, createCalibrator } from "./calibration.ts";

const ON = { anthropicCountTokens: true };
const USER = { AGENT_CONNECTOR_CALIBRATE: "anthropic", ANTHROPIC_API_KEY: "sk-test" };
const TEXT = "a sample text long enough to be worth a request. ".repeat(8);

test("calibration needs the connector's opt-in, the user's switch and a key", () => {
  assert.equal(calibrationEnabled(USER, ON), true);
  assert.equal(calibrationEnabled({ ...USER, AGENT_CONNECTOR_CALIBRATE: " Anthropic " }, ON), true);
  assert.equal(calibrationEnabled(USER, { anthropicCountTokens: false }), false);
  assert.equal(calibrationEnabled(USER, undefined), false);
  assert.equal(calibrationEnabled({ ANTHROPIC_API_KEY: "sk-test" }, ON), false);
  assert.equal(calibrationEnabled({ ...USER, AGENT_CONNECTOR_CALIBRATE: "openai" }, ON), false);
  assert.equal(calibrationEnabled({ ...USER, ANTHROPIC_API_KEY: " " }, ON), false);
  assert.equal(calibrationFromEnv(USER, { anthropicCountTokens: false }), undefined);
  assert.deepEqual(calibrationFromEnv(USER, ON), { apiKey: "sk-test" });
  assert.deepEqual(
    calibrationFromEnv({ ...USER, ANTHROPIC_BASE_URL: "http://127.0.0.1:9/" }, ON),
    { apiKey: "sk-test", baseUrl: "http://127.0.0.1:9/" },
  );
});

/** A fetch answering each count with `answer(content)`, recording what it was sent. */
function fakeFetch(answer: (content: string) => Response | Promise<Response>) {
  const sent: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = String(init.body);
    sent.push({ url, headers: init.headers as Record<string, string>, body });
    return await answer(JSON.parse(body).messages[0].content);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

const tokens = (n: number) => Response.json({ input_tokens: n });

test("the ratio is Anthropic's count over ours, the framing subtracted", async () => {
  const { fetch, sent } = fakeFetch((c) => tokens(c === "x" ? 8 : 7 + 150));
  const cal = createCalibrator({ apiKey: "sk-test", baseUrl: "http://mock/", fetch });
  assert.equal(cal.adjust(100), undefined);
  await cal.consider(TEXT, 100);
  assert.deepEqual(cal.stats(), { answered: 1, failed: 0, ratio: 1.5 });
  assert.equal(cal.adjust(10), 15);
  assert.equal(sent[0].url, "http://mock/v1/messages/count_tokens");
  assert.equal(sent[0].headers["x-api-key"], "sk-test");
  assert.ok(sent.every((s) => !s.body.includes("sk-test")), "the key goes in its header only");
  assert.deepEqual(JSON.parse(sent[1].body).messages, [{ role: "user", content: TEXT }]);
});

test("requests are rate-limited: one in flight, an interval, a cap, nothing short", async () => {
  let clock = 0;
  const { fetch, sent } = fakeFetch((c) => tokens(c === "x" ? 1 : 50));
  const cal = createCalibrator({
    apiKey: "k",
    fetch,
    now: () => clock,
    minIntervalMs: 1000,
    maxRequests: 4,
  });
  await cal.consider("too short", 3);
  assert.equal(sent.length, 0);
  const first = cal.consider(TEXT, 50);
  assert.equal(cal.wants(TEXT.length), false, "one in flight");
  await Promise.all([first, cal.consider(TEXT, 50)]);
  assert.equal(sent.length, 2); // the framing probe and one sample
  await cal.consider(TEXT, 50);
  assert.equal(sent.length, 2, "within the interval");
  clock = 1000;
  await cal.consider(TEXT, 50);
  clock = 2000;
  await cal.consider(TEXT, 50);
  clock = 3000;
  await cal.consider(TEXT, 50);
  assert.equal(sent.length, 4, "the cap");
  assert.equal(cal.wants(TEXT.length), false);
});

test("errors, bad answers and timeouts never throw and leave counts uncalibrated", async () => {
  const answers: Array<(c: string) => Response | Promise<Response>> = [
    () => new Response("{}", { status: 429 }),
    () => new Response("not json", { status: 200 }),
    () => tokens(-1),
    () => Promise.reject(new TypeError("connection refused")),
  ];
  for (const answer of answers) {
    const cal = createCalibrator({ apiKey: "k", fetch: fakeFetch(answer).fetch });
    await cal.consider(TEXT, 10);
    assert.deepEqual(cal.stats(), { answered: 0, failed: 1 });
    assert.equal(cal.adjust(10), undefined);
  }
  // A server that never answers: the request is abandoned at the timeout.
  const hanging =
    ((_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal!.addEventListener("abort", () => reject(new Error("aborted")))
      )) as unknown as typeof globalThis.fetch;
  const cal = createCalibrator({ apiKey: "k", fetch: hanging, timeoutMs: 20 });
  await cal.consider(TEXT, 10);
  assert.deepEqual(cal.stats(), { answered: 0, failed: 1 });
});
