import { describe, expect, it } from "vitest";
import { contentDisposition, isInline, normalizeContentType, servedContentType, typeFromName } from "./content-type";
import { cleanName, formatMb } from "./limits";

describe("content types", () => {
  it("stores a clean type/subtype, else application/octet-stream", () => {
    expect(normalizeContentType("Text/CSV; charset=utf-8")).toBe("text/csv");
    expect(normalizeContentType("")).toBe("application/octet-stream");
    expect(normalizeContentType("text/html\r\nX-Evil: 1")).toBe("application/octet-stream");
    expect(normalizeContentType("nonsense")).toBe("application/octet-stream");
  });

  it("never serves a type the browser would run", () => {
    for (const type of [
      "text/html",
      "application/xhtml+xml",
      "image/svg+xml",
      "text/javascript",
      "application/javascript",
      "text/xml",
      "application/rss+xml",
    ]) {
      expect(servedContentType(type), type).toBe("application/octet-stream");
    }
    expect(servedContentType("image/png")).toBe("image/png");
    expect(servedContentType("text/plain")).toBe("text/plain");
  });

  it("shows only images and PDFs inline", () => {
    expect(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"].every(isInline)).toBe(true);
    expect(["image/svg+xml", "text/html", "text/plain", "image/bmp"].some(isInline)).toBe(false);
  });

  it("guesses a type from a file name for the CLI", () => {
    expect(typeFromName("scan.JPG")).toBe("image/jpeg");
    expect(typeFromName("notes")).toBe("application/octet-stream");
  });

  it("writes Content-Disposition with a UTF-8 name and an ASCII fallback", () => {
    expect(contentDisposition("attachment", `a "b" 100%.txt`)).toBe(
      `attachment; filename="a _b_ 100_.txt"; filename*=UTF-8''a%20%22b%22%20100%25.txt`,
    );
    expect(contentDisposition("inline", "日本.png")).toBe(
      `inline; filename="__.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png`,
    );
  });
});

describe("limits", () => {
  it("says sizes in MB: files round up, the limit rounds down", () => {
    expect(formatMb(10 * 1024 * 1024, "down")).toBe("10 MB");
    expect(formatMb(10 * 1024 * 1024 + 1)).toBe("10.1 MB");
    expect(formatMb(12.3 * 1024 * 1024)).toBe("12.3 MB");
  });

  it("cleans names", () => {
    expect(cleanName("  a/b\\c\u0007.txt ")).toBe("a_b_c.txt");
    expect(() => cleanName("\u202e")).toThrow("A file needs a name");
    expect(() => cleanName("x".repeat(256))).toThrow("at most 255 characters");
  });
});
