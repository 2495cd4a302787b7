import { describe, expect, it } from "vitest";
import { parseCustomerName } from "../../../src/bot/validation/customer.js";

const accepted = (input: unknown) => {
  const result = parseCustomerName(input);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(input)}: ${result.reason}`);
  return result.value;
};
const reason = (input: unknown) => {
  const result = parseCustomerName(input);
  return result.ok ? `accepted ${result.value}` : result.reason;
};

describe("parseCustomerName", () => {
  it("accepts Thai names with their vowel and tone marks", () => {
    expect(accepted("สมศักดิ์ ใจดี")).toBe("สมศักดิ์ ใจดี");
    expect(accepted("นางสาว ปิยะฉัตร์ ศรีสุข")).toBe("นางสาว ปิยะฉัตร์ ศรีสุข");
  });

  it("accepts names in other scripts and with . ' ’ -", () => {
    expect(accepted("Anne-Marie O'Neil")).toBe("Anne-Marie O'Neil");
    expect(accepted("D’Arcy Jr.")).toBe("D’Arcy Jr.");
    expect(accepted("José Núñez")).toBe("José Núñez");
    expect(accepted("田中 太郎")).toBe("田中 太郎");
    expect(accepted("Юлия Смирнова")).toBe("Юлия Смирнова");
    expect(accepted("محمد علي")).toBe("محمد علي");
  });

  it("trims and collapses whitespace, including non-breaking and ideographic spaces", () => {
    expect(accepted("  John \t  Smith\n")).toBe("John Smith");
    expect(accepted("John\u00a0\u3000Smith")).toBe("John Smith");
  });

  it("normalizes to NFC", () => {
    expect(accepted("Jose\u0301")).toBe("José");
  });

  it("strips invisible characters at the ends (pasted text, RTL marks)", () => {
    expect(accepted("\u200bJohn Smith\u200b")).toBe("John Smith");
    expect(accepted("\u200fمحمد\u200f")).toBe("محمد");
    expect(accepted("\ufeffSomchai")).toBe("Somchai");
  });

  it("refuses control and invisible characters inside the name", () => {
    expect(reason("Jo\u200bhn")).toBe("invalid-name-characters"); // zero-width space
    expect(reason("Jo\u200dhn")).toBe("invalid-name-characters"); // zero-width joiner
    expect(reason("John\u202eSmith")).toBe("invalid-name-characters"); // right-to-left override
    expect(reason("John\u2066Smith\u2069")).toBe("invalid-name-characters"); // isolate
    expect(reason("John \u200fSmith")).toBe("invalid-name-characters"); // RLM
    expect(reason("Jo\u0000hn")).toBe("invalid-name-characters");
    expect(reason("Jo\u0007hn")).toBe("invalid-name-characters");
  });

  it("counts length in graphemes: 2 to 80", () => {
    expect(reason("")).toBe("name-too-short");
    expect(reason("   ")).toBe("name-too-short");
    expect(reason("A")).toBe("name-too-short");
    // One Thai grapheme made of three code points is still one character.
    expect(reason("ดิ์")).toBe("name-too-short");
    expect(accepted("Li")).toBe("Li");
    expect(accepted("ก".repeat(80))).toHaveLength(80);
    expect(reason("ก".repeat(81))).toBe("name-too-long");
    // 80 graphemes of 3 code points each (240 code units) still fit.
    expect(accepted("ดิ์".repeat(80))).toHaveLength(240);
  });

  it("refuses digits, emoji and symbols", () => {
    expect(reason("12345")).toBe("name-invalid");
    expect(reason("๑๒๓๔")).toBe("name-invalid"); // Thai digits
    expect(reason("J0hn")).toBe("name-invalid");
    expect(reason("John 😀")).toBe("name-invalid");
    expect(reason("Golf ⛳ Club")).toBe("name-invalid");
    expect(reason("<b>John</b>")).toBe("name-invalid");
    expect(reason("john@example.com")).toBe("name-invalid");
  });

  it("refuses names that do not start with a letter or have marks without a base", () => {
    expect(reason("-John")).toBe("name-invalid");
    expect(reason("...")).toBe("name-invalid");
    expect(reason("\u0e34abc")).toBe("name-invalid"); // Thai vowel sign first
    expect(reason("สม \u0e48ศักดิ์")).toBe("name-invalid"); // tone mark after a space
  });

  it("refuses anything but a string", () => {
    expect(reason(undefined)).toBe("name-invalid");
    expect(reason(42)).toBe("name-invalid");
  });
});
