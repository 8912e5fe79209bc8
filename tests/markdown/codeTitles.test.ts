import { describe, expect, it } from "vitest";
import { parseFenceInfo, type FenceInfo } from "../../cli/markdown/codeTitles.ts";

describe("parseFenceInfo", () => {
  it.each<[string | undefined, FenceInfo]>([
    [undefined, {}],
    ["ts", { language: "ts" }],
    ['ts title="src/file.ts"', { language: "ts", title: "src/file.ts" }],
    ["js title='a b.js' showLineNumbers", { language: "js", title: "a b.js" }],
    ['title="only-title.txt"', { title: "only-title.txt" }],
    ['ts subtitle="no"', { language: "ts" }],
    ['ts title=""', { language: "ts" }],
  ])("%s", (info, expected) => {
    // toEqual treats a property that is undefined as absent.
    expect(parseFenceInfo(info)).toEqual(expected);
  });
});
