import { describe, expect, it } from "vitest";
import { changelogAt } from "../../cli/pages/changelog.ts";

const CHANGELOG = ["# Changelog", "", "Intro.", "", "## [Unreleased]", "- next thing", "", "## [5.0.0] - 2025-05-30", "- blending", "", "## [4.1.0] - 2024-01-01", "- fix", "", "## [4.0.0]", "- first", "", "[4.0.0]: https://example.org/4.0.0"].join("\n");

describe("changelog per version", () => {
  it("keeps the release and older ones, without Unreleased or newer releases", () => {
    const text = changelogAt(CHANGELOG, "4.1.0");
    expect(text).toContain("Intro.");
    expect(text).toContain("## [4.1.0]");
    expect(text).toContain("## [4.0.0]");
    expect(text).toContain("[4.0.0]: https://example.org/4.0.0");
    expect(text).not.toContain("Unreleased");
    expect(text).not.toContain("blending");
  });

  it("keeps everything up to the latest release", () => {
    expect(changelogAt(CHANGELOG, "5.0.0")).toContain("- blending");
    expect(changelogAt(CHANGELOG, "5.0.0")).not.toContain("next thing");
  });

  it("leaves a changelog alone for a version name that is not a number", () => {
    expect(changelogAt(CHANGELOG, "next")).toBe(CHANGELOG);
  });

  it("orders pre-releases before their release and compares numerically", () => {
    const text = ["## [5.0.0]", "a", "## [5.0.0-rc.1]", "b", "## [4.10.0]", "c", "## [4.9.0]", "d"].join("\n");
    expect(changelogAt(text, "5.0.0-rc.1")).toBe(["## [5.0.0-rc.1]", "b", "## [4.10.0]", "c", "## [4.9.0]", "d"].join("\n"));
    expect(changelogAt(text, "4.9.0")).toBe(["## [4.9.0]", "d"].join("\n"));
  });
});
