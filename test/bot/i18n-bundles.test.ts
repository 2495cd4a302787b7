import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";

describe("i18n: matched bundles kept per locale list", () => {
  it("translates in each locale, falls back to the default, and matches a locale loaded later", async () => {
    const i18n = createI18n("en", () => undefined);
    const en = i18n.t("en", "private-only");
    const th = i18n.t("th", "private-only");
    expect(en).not.toBe(th);
    expect(i18n.t("en", "private-only")).toBe(en);
    expect(i18n.t("th", "private-only")).toBe(th);
    expect(i18n.t("de", "private-only")).toBe(en);
    await i18n.loadLocale("de", { source: "private-only = Nur privat" });
    expect(i18n.t("de", "private-only")).toBe("Nur privat");
    expect(i18n.t("en", "private-only")).toBe(en);
  });
});
