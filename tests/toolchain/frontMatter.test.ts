import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../cli/content/frontMatter.ts";
import { Diagnostics } from "../../cli/util/diagnostics.ts";

function parse(source: string) {
  const diagnostics = new Diagnostics();
  return { ...parseFrontMatter(source, "docs/a.md", diagnostics), diagnostics: diagnostics.items };
}

describe("front matter", () => {
  it("splits the YAML block from the body and counts its lines", () => {
    const r = parse("---\ntitle: Quick start\nsidebar_position: 2\nkeywords: [a, b]\n---\n\nBody\n");
    expect(r.frontMatter).toEqual({ title: "Quick start", sidebar_position: 2, keywords: ["a", "b"] });
    expect(r.body).toBe("\nBody\n");
    expect(r.bodyLineOffset).toBe(5);
    expect(r.diagnostics).toEqual([]);
  });

  it("accepts a file without front matter and an empty block", () => {
    expect(parse("# Title\n").frontMatter).toEqual({});
    const empty = parse("---\n---\ntext");
    expect(empty.frontMatter).toEqual({});
    expect(empty.body).toBe("text");
  });

  it("reports invalid YAML with the file line", () => {
    const r = parse("---\ntitle: ok\nslug: [unclosed\n---\nbody");
    expect(r.diagnostics[0]).toMatchObject({ severity: "error", code: "front-matter", file: "docs/a.md" });
    expect(r.diagnostics[0]!.message).toMatch(/not valid YAML/);
    expect(r.diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
  });

  it("reports a wrong type with the key's line and what is expected", () => {
    const r = parse("---\ntitle: A\nsidebar_position: first\n---\n");
    expect(r.diagnostics).toEqual([
      { severity: "error", code: "front-matter", message: 'front matter key "sidebar_position" has value "first"; expected number', file: "docs/a.md", line: 3 },
    ]);
    expect(r.frontMatter).toEqual({ title: "A" });
  });

  it("warns about an unknown key and suggests the nearest known one", () => {
    const r = parse("---\ntitle: A\nsidebar_postion: 1\n---\n");
    expect(r.diagnostics).toEqual([
      { severity: "warning", code: "front-matter", message: 'unknown front matter key "sidebar_postion" is ignored; did you mean "sidebar_position"?', file: "docs/a.md", line: 3 },
    ]);
  });

  it("reports a block that is never closed", () => {
    const r = parse("---\ntitle: A\n\nno end");
    expect(r.diagnostics[0]).toMatchObject({ severity: "error", line: 1 });
    expect(r.diagnostics[0]!.message).toMatch(/never closed/);
  });
});
