/**
 * A Mini App opened in the playground (src/local/playground/web-app.ts): the launch URL carries, in its
 * fragment, initData in the shape a Telegram client sends since Bot API 8.0 (`query_id`, `user`,
 * `chat_instance`, `chat_type`, `auth_date`, `signature`, `hash`), signed with the local Bot API
 * server's token: the reference implementation (`@telegram-apps/init-data-node`) and fairway's check
 * both accept it. A fixed instant, never the wall clock.
 */
import { isValid3rd, validate } from "@telegram-apps/init-data-node";
import { afterEach, describe, expect, it } from "vitest";
import { type BotApiServer, createBotApiServer } from "../../../src/local/bot-api-server/index.js";
import { PLAYGROUND_AGENT_ID, createPlayground } from "../../../src/local/playground/index.js";
import { checkInitData } from "../../../src/mini-app/init-data.js";

const AT = Date.UTC(2026, 10, 14, 1, 0, 0);

let server: BotApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("a Mini App's launch", () => {
  it("signs initData as a Telegram client sends it, accepted by the reference and by fairway", async () => {
    const s = (server = createBotApiServer());
    await s.listen(0);
    createPlayground({ telegram: s, partnerUrl: "http://127.0.0.1:9", now: () => AT });
    const res = await fetch(`${s.url}/playground/web-app`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: PLAYGROUND_AGENT_ID, url: "https://golf.example.com/tee-sheet/" }),
    });
    const { launchUrl } = (await res.json()) as { launchUrl: string };
    const launch = new URL(launchUrl);
    expect(`${launch.origin}${launch.pathname}`).toBe("https://golf.example.com/tee-sheet/");
    const initData = new URLSearchParams(launch.hash.slice(1)).get("tgWebAppData")!;
    const params = new URLSearchParams(initData);
    expect([...params.keys()]).toEqual([
      "query_id",
      "user",
      "chat_instance",
      "chat_type",
      "auth_date",
      "signature",
      "hash",
    ]);
    expect(params.get("chat_type")).toBe("private");
    expect(params.get("chat_instance")).toMatch(/^-?\d{1,19}$/);
    expect(params.get("signature")).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(params.get("auth_date")).toBe(String(AT / 1000));
    expect(JSON.parse(params.get("user")!)).toMatchObject({ id: PLAYGROUND_AGENT_ID, allows_write_to_pm: true });

    expect(() => validate(initData, s.token, { expiresIn: 0 })).not.toThrow();
    expect(checkInitData(initData, { botToken: s.token, now: AT })).toMatchObject({
      ok: true,
      user: { id: PLAYGROUND_AGENT_ID, first_name: "Niran" },
    });
    // The signature is a stand-in: only Telegram can sign for third parties.
    expect(await isValid3rd(initData, Number(s.token.split(":")[0]), { expiresIn: 0 })).toBe(false);
  });
});
