/**
 * A file changed while a build runs (saved in an editor, a branch checked out): the up-to-date check's walk named
 * it by its content then, and the build read it later, changed (cli/util/fileDigests.ts, readAs). The build shows
 * what it read, and keeps nothing of it under the digest of the content the walk saw: put back as it was, the file
 * builds as it reads, not as that build read it.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runPipeline } from "../../cli/pipeline/pipeline.ts";
import { runBuild } from "../../cli/pipeline/upToDate.ts";
import { FileDigests } from "../../cli/util/fileDigests.ts";
import { cleanTemp, copyFixtureSite, tempDir, write } from "../helpers/site.ts";

afterAll(cleanTemp);

/** Each output file's text, by path relative to the output folder. */
function outputTexts(out: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const entry of fs.readdirSync(out, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) texts[path.relative(out, path.join(entry.parentPath, entry.name))] = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
  }
  return texts;
}

const containing = (texts: Record<string, string>, word: string) => Object.keys(texts).filter((rel) => texts[rel]!.includes(word));

describe("a file changed while the build runs", () => {
  it("is kept under no digest of content the build did not read: a doc and standalone pages", async () => {
    const site = copyFixtureSite();
    const config = path.join(site, "site.config.ts");
    const out = path.join(site, "build");
    const page = (name: string, word: string) => `---\ntitle: ${name}\n---\n\n${name}: the ${word} fixture.\n`;
    write(site, "content/pages/about.md", page("About", "first"));
    write(site, "content/pages/team.md", page("Team", "first"));
    await runBuild({ config, write: true, incremental: true });

    // Two standalone pages too, whose folder the content stage walks again as it loads them.
    const files = ["content/docs/intro.md", "content/pages/about.md", "content/pages/team.md"];
    const intro = fs.readFileSync(path.join(site, files[0]!), "utf8");
    const edited = (i: number, word: string) => (i === 0 ? intro.replace("The fixture has a guide", `The fixture has a ${word} guide`) : page(i === 1 ? "About" : "Team", word));
    // Edited before the build (the walk of the inputs sees "wombat"), then again after the walk, before the stages
    // read them ("numbat"): what runBuild does, with the second edit between its walk and the pipeline.
    const walked = files.map((_, i) => edited(i, "wombat"));
    files.forEach((rel, i) => write(site, rel, walked[i]!));
    const digests = FileDigests.of(site);
    digests.newPass();
    digests.tree(site, (file, name) => name === "node_modules" || name.startsWith(".") || file === out);
    files.forEach((rel, i) => write(site, rel, edited(i, "numbat")));
    const raced = await runPipeline({ config, write: true, incremental: true, outDir: out });
    expect(raced.errors).toEqual([]);
    const shown = outputTexts(out);
    expect(containing(shown, "numbat guide").length, "the build shows the doc as it read it").toBeGreaterThan(0);
    expect(containing(shown, "About: the numbat fixture").length, "and the pages").toBeGreaterThan(0);
    expect(containing(shown, "Team: the numbat fixture").length).toBeGreaterThan(0);

    // Put back as the walk saw them: the next build shows them so, as a clean build does.
    files.forEach((rel, i) => write(site, rel, walked[i]!));
    const again = await runBuild({ config, write: true, incremental: true });
    expect(again.result, "the stages ran").toBeDefined();
    const built = outputTexts(out);
    expect(containing(built, "numbat")).toEqual([]);
    expect(containing(built, "wombat guide").length).toBeGreaterThan(0);
    expect(containing(built, "About: the wombat fixture").length).toBeGreaterThan(0);
    expect(containing(built, "Team: the wombat fixture").length).toBeGreaterThan(0);
    const clean = path.join(tempDir("carta-docs-raced-clean-"), "out");
    await runPipeline({ config, write: true, outDir: clean });
    expect(built).toEqual(outputTexts(clean));
  }, 60_000);
});
