/**
 * Opening a Mini App as a Telegram client does: the launch URL is the app's URL with the launch
 * parameters in its fragment (`tgWebAppData`, the initData the local Bot API server signs for the
 * user with the bot's token; `tgWebAppThemeParams`, the client's colours; version and platform).
 */
import { signWebAppData, type BotApiServer, type SimulatedUser } from "../bot-api-server/index.js";
import { PlaygroundError } from "./http.js";

/** The colours of Telegram's light theme, as a client passes them. */
export const PLAYGROUND_THEME = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#707579",
  link_color: "#3390ec",
  button_color: "#3390ec",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f4f4f5",
};

/** What opening a Mini App needs of the routes' context: the bot's token and fairway's clock. */
export interface WebAppContext {
  telegram: Pick<BotApiServer, "token">;
  now: () => number;
}

/** The launch URL of a Mini App button for this user. */
export function openWebApp(ctx: WebAppContext, user: SimulatedUser, url: unknown): { launchUrl: string } {
  if (typeof url !== "string" || !/^https?:\/\/[^#\s]+$/i.test(url))
    throw new PlaygroundError(400, "url must be the web_app button's http(s) URL");
  const { id, first_name, last_name, username, language_code } = user.user;
  const initData = signWebAppData({
    token: ctx.telegram.token,
    user: {
      id,
      first_name,
      ...(last_name !== undefined ? { last_name } : {}),
      ...(username !== undefined ? { username } : {}),
      ...(language_code !== undefined ? { language_code } : {}),
    },
    at: ctx.now(),
  });
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "web",
    tgWebAppThemeParams: JSON.stringify(PLAYGROUND_THEME),
  });
  return { launchUrl: `${url}#${launch.toString()}` };
}
