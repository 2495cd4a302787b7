import { describe, expect, it } from "vitest";
import { createConfig, isLoopback, parseDatabaseUrl, SANDBOX_WITH_REAL_BOT_PROBLEM } from "../../src/config/index.js";
import { problemsOf } from "../helpers/config-problems.js";

/** A real partner, for the configurations with a BOT_TOKEN (a real bot needs one, or the demo flag). */
const PARTNER = { PARTNER_API_URL: "https://partner.example", PARTNER_API_KEY: "k" };

describe("createConfig", () => {
  it("runs on embedded defaults with no configuration at all", () => {
    const config = createConfig({});
    expect(config.botToken).toBeUndefined();
    expect(config.partner).toEqual({ kind: "sandbox", seed: 1, moneyUnit: "satang", timeoutMs: 8000 });
    expect(config.database).toEqual({ kind: "sqlite", path: "./data/fairway.sqlite" });
    expect(config.holdMinutes).toBe(10);
    expect(config.defaultLocale).toBe("th");
    expect(config.adminIds).toEqual([]);
    expect(config.playgroundPort).toBe(8080);
    expect(config.port).toBe(3000);
    expect(config.operator).toEqual({ port: 9091, host: "127.0.0.1" });
  });

  it("reads PORT, 0 included (any free port), and names it when it is not a port", () => {
    expect(createConfig({ PORT: "9100" }).port).toBe(9100);
    expect(createConfig({ PORT: "0" }).port).toBe(0);
    expect(problemsOf({ PORT: "70000" })).toEqual(["PORT must be a whole number from 0 to 65535"]);
    expect(problemsOf({ PORT: "http" })).toEqual(["PORT must be a whole number from 0 to 65535"]);
  });

  it("treats blank values as unset", () => {
    const config = createConfig({ BOT_TOKEN: "", PARTNER_API_URL: "", TELEGRAM_API_ROOT: "" });
    expect(config.botToken).toBeUndefined();
    expect(config.partner.kind).toBe("sandbox");
  });

  it("reads a full production configuration", () => {
    const config = createConfig({
      BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn",
      TELEGRAM_API_ROOT: "http://127.0.0.1:8081/",
      PARTNER_API_URL: "https://partner.example/",
      PARTNER_API_KEY: " secret-key ",
      PARTNER_MONEY_UNIT: "baht",
      ADMIN_IDS: "1, 2,,3",
      AGENT_IDS: "10",
      DATABASE_URL: "postgres://fairway@db.internal:5432/fairway?schema=prod",
      DEFAULT_LOCALE: "en",
      HOLD_MINUTES: "15",
      LOG_LEVEL: "debug",
    });
    expect(config.telegramApiRoot).toBe("http://127.0.0.1:8081");
    expect(config.partner).toEqual({
      kind: "remote",
      baseURL: "https://partner.example",
      apiKey: "secret-key",
      moneyUnit: "baht",
      timeoutMs: 8000,
    });
    expect(config.adminIds).toEqual([1, 2, 3]);
    expect(config.agentIds).toEqual([10]);
    expect(config.database).toEqual({
      kind: "postgres",
      url: "postgres://fairway@db.internal:5432/fairway",
      schema: "prod",
    });
    expect(config.holdMinutes).toBe(15);
    expect(config.secrets).toEqual(["123456789:AAbbCCddEEffGGhhIIjjKKllMMnn", "secret-key"]);
  });

  it.each([
    [{ BOT_TOKEN: "not-a-token" }, "BOT_TOKEN must look like 123456789:AA... (from @BotFather)"],
    [
      { PARTNER_API_URL: "partner.example", PARTNER_API_KEY: "k" },
      "PARTNER_API_URL must be an http(s) URL, without /api/v1/ext",
    ],
    [{ PARTNER_API_URL: "https://partner.example" }, "PARTNER_API_KEY is required when PARTNER_API_URL is set"],
    [{ PARTNER_MONEY_UNIT: "usd" }, "PARTNER_MONEY_UNIT must be satang or baht"],
    [{ ADMIN_IDS: "12,abc" }, "ADMIN_IDS must be a comma-separated list of numeric Telegram user ids"],
    [{ AGENT_IDS: "-5" }, "AGENT_IDS must be a comma-separated list of numeric Telegram user ids"],
    [{ HOLD_MINUTES: "0" }, "HOLD_MINUTES must be a whole number from 1 to 120"],
    [{ HOLD_MINUTES: "ten" }, "HOLD_MINUTES must be a whole number from 1 to 120"],
    [{ DEFAULT_LOCALE: "de" }, "DEFAULT_LOCALE must be th or en"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent"],
    [
      { DATABASE_URL: "mysql://localhost/x" },
      "DATABASE_URL must be sqlite:<path>, file:<path>, a file path, or a postgres:// URL",
    ],
    [{ TELEGRAM_API_ROOT: "ftp://x" }, "TELEGRAM_API_ROOT must be an http(s) URL"],
    [
      { BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn", WEBHOOK_URL: "http://bot.example/hook", ...PARTNER },
      "WEBHOOK_URL must be the public https:// URL Telegram calls",
    ],
    [{ ALLOW_SANDBOX_WITH_REAL_BOT: "yes" }, "ALLOW_SANDBOX_WITH_REAL_BOT must be 1 or 0"],
    [{ WEBHOOK_URL: "https://bot.example/hook" }, "WEBHOOK_URL needs BOT_TOKEN (the local Bot API server is polled)"],
    [{ WEBHOOK_SECRET: "has space" }, "WEBHOOK_SECRET must be 1-256 characters of A-Z, a-z, 0-9, _ and -"],
    [{ WEBHOOK_MAX_CONNECTIONS: "101" }, "WEBHOOK_MAX_CONNECTIONS must be a whole number from 1 to 100"],
  ])("rejects %o with a message naming the variable", (env, message) => {
    expect(problemsOf(env)).toEqual([message]);
  });

  it("webhook mode: the path served on PORT, a secret every instance derives alike from the token (and never logs)", () => {
    const BOT_TOKEN = "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn";
    const a = createConfig({ BOT_TOKEN, WEBHOOK_URL: "https://bot.example/tg/hook", ...PARTNER });
    const b = createConfig({ BOT_TOKEN, WEBHOOK_URL: "https://bot.example/tg/hook", ...PARTNER });
    expect(a.webhook).toMatchObject({ url: "https://bot.example/tg/hook", path: "/tg/hook", maxConnections: 40 });
    expect(a.webhook?.secret).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
    expect(a.webhook?.secret).toBe(b.webhook?.secret);
    expect(a.webhook?.secret).not.toContain(BOT_TOKEN.split(":")[1]);
    expect(
      createConfig({
        BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMzz",
        WEBHOOK_URL: "https://bot.example/tg/hook",
        ...PARTNER,
      }).webhook?.secret,
    ).not.toBe(a.webhook?.secret);
    expect(a.secrets).toContain(a.webhook?.secret);
    expect(
      createConfig({ BOT_TOKEN, WEBHOOK_URL: "https://bot.example/h", WEBHOOK_SECRET: "mine_1", ...PARTNER }).webhook
        ?.secret,
    ).toBe("mine_1");
    expect(createConfig({ BOT_TOKEN, ...PARTNER }).webhook).toBeUndefined();
  });

  it("refuses a real bot on the embedded sandbox, naming the fix; ALLOW_SANDBOX_WITH_REAL_BOT=1 makes it a demo", () => {
    const BOT_TOKEN = "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn";
    expect(problemsOf({ BOT_TOKEN })).toEqual([SANDBOX_WITH_REAL_BOT_PROBLEM]);
    expect(problemsOf({ BOT_TOKEN, PARTNER_API_URL: "", ALLOW_SANDBOX_WITH_REAL_BOT: "0" })).toEqual([
      SANDBOX_WITH_REAL_BOT_PROBLEM,
    ]);
    expect(SANDBOX_WITH_REAL_BOT_PROBLEM).toMatch(
      /PARTNER_API_URL and PARTNER_API_KEY, or ALLOW_SANDBOX_WITH_REAL_BOT=1/,
    );
    try {
      createConfig({ BOT_TOKEN });
    } catch (error) {
      expect((error as Error).message).toBe(`Configuration error:\n  - ${SANDBOX_WITH_REAL_BOT_PROBLEM}`);
    }

    const demo = createConfig({ BOT_TOKEN, ALLOW_SANDBOX_WITH_REAL_BOT: "1" });
    expect(demo.partner.kind).toBe("sandbox");
    expect(demo.sandboxDemo).toBe(true);
    // A real partner, or no real bot (the playground): not a demo, whatever the flag says.
    expect(createConfig({ BOT_TOKEN, ...PARTNER, ALLOW_SANDBOX_WITH_REAL_BOT: "1" }).sandboxDemo).toBe(false);
    expect(createConfig({ BOT_TOKEN, ...PARTNER }).sandboxDemo).toBe(false);
    expect(createConfig({ ALLOW_SANDBOX_WITH_REAL_BOT: "1" }).sandboxDemo).toBe(false);
    expect(createConfig({}).sandboxDemo).toBe(false);
  });

  it("abuse control: production's limits by default, each overridable, a wrong one named", () => {
    expect(createConfig({}).limits).toEqual({
      userBurst: 12,
      userPerMinute: 120,
      strangerPerMinute: 1,
      sendsPerSecond: 25,
      chatBurst: 15,
      backgroundPerSecond: 10,
      miniAppBurst: 20,
      miniAppPerMinute: 60,
      voucherCheckPerMinute: 30,
    });
    const set = createConfig({
      USER_RATE_BURST: "20",
      USER_RATE_PER_MINUTE: "60",
      STRANGER_REPLIES_PER_MINUTE: "2",
      TELEGRAM_SENDS_PER_SECOND: "8",
      TELEGRAM_CHAT_BURST: "3",
      NOTIFY_SENDS_PER_SECOND: "12",
      MINI_APP_RATE_BURST: "4",
      MINI_APP_RATE_PER_MINUTE: "6",
      VOUCHER_CHECK_RATE_PER_MINUTE: "7",
    });
    // The background share never exceeds the whole budget.
    expect(set.limits).toEqual({
      userBurst: 20,
      userPerMinute: 60,
      strangerPerMinute: 2,
      sendsPerSecond: 8,
      chatBurst: 3,
      backgroundPerSecond: 8,
      miniAppBurst: 4,
      miniAppPerMinute: 6,
      voucherCheckPerMinute: 7,
    });
    expect(
      problemsOf({
        TELEGRAM_SENDS_PER_SECOND: "0",
        STRANGER_REPLIES_PER_MINUTE: "x",
        MINI_APP_RATE_PER_MINUTE: "0",
        VOUCHER_CHECK_RATE_PER_MINUTE: "1.5",
      }),
    ).toEqual([
      "STRANGER_REPLIES_PER_MINUTE must be a whole number from 1 to 60",
      "TELEGRAM_SENDS_PER_SECOND must be a whole number from 1 to 1000",
      "MINI_APP_RATE_PER_MINUTE must be a whole number from 1 to 60000",
      "VOUCHER_CHECK_RATE_PER_MINUTE must be a whole number from 1 to 60000",
    ]);
  });

  it("lists every problem at once", () => {
    expect(problemsOf({ HOLD_MINUTES: "0", DEFAULT_LOCALE: "de", DATABASE_URL: "mysql://x" })).toHaveLength(3);
  });

  it("never prints a secret's value", () => {
    const token = "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn";
    let message = "";
    try {
      createConfig({ BOT_TOKEN: `${token} trailing`, PARTNER_API_KEY: "super-secret-key", PARTNER_API_URL: "nope" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("BOT_TOKEN");
    expect(message).not.toContain("AAbbCC");
    expect(message).not.toContain("super-secret-key");
  });
});

describe("the operator's endpoints: OPERATOR_PORT, OPERATOR_HOST, METRICS_TOKEN", () => {
  const TOKEN = "0123456789abcdef0123456789abcdef";

  it("listen on 127.0.0.1:9091 by default; 0 is any free port; a blank OPERATOR_HOST is the default", () => {
    expect(createConfig({ OPERATOR_PORT: "0" }).operator).toEqual({ port: 0, host: "127.0.0.1" });
    expect(createConfig({ OPERATOR_HOST: " " }).operator).toEqual({ port: 9091, host: "127.0.0.1" });
    expect(problemsOf({ OPERATOR_PORT: "99999" })).toEqual(["OPERATOR_PORT must be a whole number from 0 to 65535"]);
    expect(problemsOf({ PORT: "9091" })).toEqual([
      "OPERATOR_PORT must differ from PORT (the operator's endpoints are served apart)",
    ]);
    expect(createConfig({ PORT: "0", OPERATOR_PORT: "0" }).operator.port).toBe(0);
    expect(problemsOf({ OPERATOR_HOST: "http://x" })).toEqual([
      "OPERATOR_HOST must be an IP address or a host name to listen on, e.g. 127.0.0.1 or 0.0.0.0",
    ]);
  });

  it("beyond loopback, METRICS_TOKEN is required; it is kept as a secret", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "fairway.internal"])
      expect(problemsOf({ OPERATOR_HOST: host })).toEqual([
        "METRICS_TOKEN is required when OPERATOR_HOST is not a loopback address (/readyz and /metrics)",
      ]);
    const config = createConfig({ OPERATOR_HOST: "0.0.0.0", METRICS_TOKEN: ` ${TOKEN} ` });
    expect(config.operator).toEqual({ port: 9091, host: "0.0.0.0", token: TOKEN });
    expect(config.secrets).toContain(TOKEN);
    // On loopback a token is optional, and used when given.
    expect(createConfig({ METRICS_TOKEN: TOKEN }).operator.token).toBe(TOKEN);
  });

  it("refuses a short or oddly shaped token without showing it", () => {
    for (const token of ["short", "has spaces in the middle of it", `${TOKEN}"`]) {
      const problems = problemsOf({ METRICS_TOKEN: token });
      expect(problems).toEqual([
        "METRICS_TOKEN must be 16-256 characters of A-Z, a-z, 0-9 and . _ ~ + / - (e.g. the output of openssl rand -hex 32)",
      ]);
      expect(problems.join()).not.toContain(token);
    }
    expect(createConfig({ METRICS_TOKEN: "dGhpcyBpcyBhIGxvbmcgdG9rZW4=" }).operator.token).toBe(
      "dGhpcyBpcyBhIGxvbmcgdG9rZW4=",
    );
  });

  it("isLoopback: localhost, 127.0.0.0/8 and ::1 only", () => {
    for (const host of ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "", "10.0.0.1", "127.example.com", "localhost.example.com"])
      expect(isLoopback(host), host).toBe(false);
  });
});

describe("REQUIRE_BOT_TOKEN (the Docker image sets it)", () => {
  it("refuses to start without BOT_TOKEN, saying where the playground runs", () => {
    expect(problemsOf({ REQUIRE_BOT_TOKEN: "1" })).toEqual([
      "BOT_TOKEN is required here (REQUIRE_BOT_TOKEN=1, as in the Docker image); the playground runs from a checkout: npm start",
    ]);
    const production = {
      BOT_TOKEN: "123456789:AAbbCCddEEffGGhhIIjjKKllMMnn",
      PARTNER_API_URL: "https://partner.example",
      PARTNER_API_KEY: "key",
    };
    expect(createConfig({ REQUIRE_BOT_TOKEN: "1", ...production }).botToken).toBe(production.BOT_TOKEN);
    expect(createConfig({ REQUIRE_BOT_TOKEN: "0" }).botToken).toBeUndefined();
    expect(problemsOf({ REQUIRE_BOT_TOKEN: "yes" })).toEqual(["REQUIRE_BOT_TOKEN must be 1 or 0"]);
  });
});

describe("parseDatabaseUrl", () => {
  it.each([
    ["sqlite:./data/x.sqlite", { kind: "sqlite", path: "./data/x.sqlite" }],
    ["file:/var/lib/fairway.db", { kind: "sqlite", path: "/var/lib/fairway.db" }],
    ["./fairway.db", { kind: "sqlite", path: "./fairway.db" }],
    ["postgresql://u@h/db", { kind: "postgres", url: "postgresql://u@h/db" }],
  ])("reads %s", (raw, expected) => {
    expect(parseDatabaseUrl(raw)).toEqual(expected);
  });

  it("refuses a schema that is not a plain identifier", () => {
    expect(parseDatabaseUrl("postgres://h/db?schema=a;drop")).toBe("schema must be a plain SQL identifier");
  });
});

describe("REMINDERS and DIGEST_TIME", () => {
  it("default to 24 h and 2 h before tee-off, and 08:00 in Bangkok", () => {
    const config = createConfig({});
    expect(config.reminderMinutes).toEqual([24 * 60, 120]);
    expect(config.digestMinuteOfDay).toBe(8 * 60);
    expect(createConfig({ REMINDERS: "", DIGEST_TIME: "" }).reminderMinutes).toEqual([24 * 60, 120]);
  });

  it("read durations in h or m (longest first, duplicates once), off, and HH:MM", () => {
    expect(createConfig({ REMINDERS: "95m, 3h,95m" }).reminderMinutes).toEqual([180, 95]);
    expect(createConfig({ REMINDERS: "off" }).reminderMinutes).toEqual([]);
    expect(createConfig({ DIGEST_TIME: "23:59" }).digestMinuteOfDay).toBe(23 * 60 + 59);
  });

  it("refuse bad values at start, naming the variable", () => {
    const reminders =
      "REMINDERS must be a comma-separated list of durations before tee-off like 24h,2h or 95m (1m to 336h), or off";
    for (const bad of ["2x", "24", "0m", "24h,,2h", "400h", "-2h"])
      expect(problemsOf({ REMINDERS: bad }), bad).toEqual([reminders]);
    const digest = "DIGEST_TIME must be a time HH:MM (24-hour, Asia/Bangkok), e.g. 08:00";
    for (const bad of ["8:00", "24:00", "08:60", "eight"])
      expect(problemsOf({ DIGEST_TIME: bad }), bad).toEqual([digest]);
  });
});
