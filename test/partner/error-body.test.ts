import { describe, expect, it } from "vitest";
import { MAX_PARTNER_MESSAGE_LENGTH, extractPartnerMessage, parseRetryAfter } from "../../src/partner/error-body.js";

const msg = (body: string, type?: string) => extractPartnerMessage(body, type).message;

describe("extractPartnerMessage", () => {
  it("reads every JSON shape the choices doc lists", () => {
    const json = "application/json";
    expect(msg('{"statusCode":402,"error":"Payment Required","message":"Insufficient credit balance"}', json)).toBe(
      "Insufficient credit balance",
    );
    expect(msg('{"error":{"message":"Slot taken","code":"X"}}', json)).toBe("Slot taken");
    expect(msg('{"error":"Unauthorized"}', json)).toBe("Unauthorized");
    expect(msg('{"errors":[{"message":"persons is required"}]}', json)).toBe("persons is required");
    expect(msg('{"errors":["persons is required"]}', json)).toBe("persons is required");
    expect(msg('{"detail":"Not Found"}', json)).toBe("Not Found");
    expect(msg('{"detail":[{"msg":"field required"}]}', json)).toBe("field required");
    expect(msg('"plain json string"', json)).toBe("plain json string");
    expect(msg("{}", json)).toBe("");
    expect(msg("[1,2]", json)).toBe("");
  });

  it("prefers message over error and keeps the partner's code", () => {
    expect(
      extractPartnerMessage('{"error":"Conflict","message":"Tee time is not available","code":"SLOT_NOT_AVAILABLE"}'),
    ).toEqual({
      message: "Tee time is not available",
      code: "SLOT_NOT_AVAILABLE",
    });
  });

  it("reduces an HTML page to its title or first heading, never raw HTML", () => {
    const nginx =
      "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>";
    expect(msg(nginx, "text/html")).toBe("502 Bad Gateway");
    expect(msg(nginx)).toBe("502 Bad Gateway");
    expect(
      msg("<!DOCTYPE html><html><body><h1 class=x>Service <b>Unavailable</b></h1></body></html>", "text/html"),
    ).toBe("Service Unavailable");
    expect(msg("<html><head><title> A &amp; B &#8211; down </title></head></html>", "text/html")).toBe("A & B – down");
    expect(msg("<html><body><p>no title here</p></body></html>", "text/html")).toBe("");
    expect(msg("<html><title>&lt;script&gt;alert(1)&lt;/script&gt;</title></html>", "text/html")).not.toMatch(/[<>]/);
  });

  it("keeps plain text, on one line, bounded", () => {
    expect(msg("Internal Server Error\n", "text/plain")).toBe("Internal Server Error");
    expect(msg("  two\r\nlines\t\u0000here ", "text/plain")).toBe("two lines here");
    const long = msg("x".repeat(5000), "text/plain");
    expect(long.length).toBe(MAX_PARTNER_MESSAGE_LENGTH);
    expect(long.endsWith("…")).toBe(true);
    expect(msg("", "text/plain")).toBe("");
    expect(msg("{not json", "application/json")).toBe("{not json");
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("0", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:04 GMT", now)).toBe(4000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now)).toBe(0);
  });
  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-1", now)).toBeUndefined();
  });
});
