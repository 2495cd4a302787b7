import { describe, expect, it } from "vitest";
import { localeFromLanguageCode, surfaceLocale } from "../src/bot/i18n.js";
import { formatBaht } from "../src/bot/format/money.js";
import { localeForRole, parseLocale } from "../src/locale.js";

describe("locales: which one a user reads", () => {
  it("maps Telegram's language codes by their base language; every Chinese is Simplified Chinese", () => {
    const cases: [string | undefined, string][] = [
      ["ko", "ko"],
      ["ko-KR", "ko"],
      ["ja", "ja"],
      ["zh", "zh"],
      ["zh-hans", "zh"],
      ["zh-hant", "zh"],
      ["zh-CN", "zh"],
      ["zh_TW", "zh"],
      ["th", "th"],
      ["en-GB", "en"],
      ["de", "th"],
      ["", "th"],
      [undefined, "th"],
    ];
    for (const [code, locale] of cases) expect(localeFromLanguageCode(code, "th"), String(code)).toBe(locale);
  });

  it("staff (agents, admins) read Thai or English only: Korean, Japanese, Chinese become English", () => {
    for (const role of ["agent", "admin"]) {
      expect(localeForRole(role, "ko")).toBe("en");
      expect(localeForRole(role, "zh")).toBe("en");
      expect(localeForRole(role, "th")).toBe("th");
      expect(surfaceLocale({ role, chosen: undefined, languageCode: "ja" }, "th")).toBe("en");
      expect(surfaceLocale({ role, chosen: "ko", languageCode: "en" }, "th")).toBe("en");
    }
    expect(surfaceLocale({ role: "customer", chosen: "de", languageCode: "ko" }, "th")).toBe("ko");
    for (const role of ["customer", "stranger", undefined]) {
      expect(surfaceLocale({ role, chosen: undefined, languageCode: "ja" }, "th")).toBe("ja");
      expect(surfaceLocale({ role, chosen: "zh", languageCode: "ko" }, "th")).toBe("zh");
    }
  });

  it("reads a stored locale tolerantly: old values stay valid, anything else is the fallback", () => {
    for (const l of ["th", "en", "ko", "ja", "zh"]) expect(parseLocale(l, undefined)).toBe(l);
    expect(parseLocale("de", "en")).toBe("en");
    expect(parseLocale(null, undefined)).toBeUndefined();
    expect(parseLocale(42, "th")).toBe("th");
  });

  it("writes baht as ฿ with comma grouping in every locale", () => {
    for (const l of ["th", "en", "ko", "ja", "zh"] as const) {
      expect(formatBaht(123_456_00, l)).toBe("฿123,456");
      expect(formatBaht(250_050, l)).toBe("฿2,500.50");
    }
  });
});
