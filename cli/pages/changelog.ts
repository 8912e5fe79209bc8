/**
 * A changelog as it stood at a release. Keep-a-Changelog files list releases as `## [x.y.z]` sections,
 * newest first; the page of a frozen version shows that release and the older ones, without
 * "Unreleased" or later releases. This matters when one file stands in for several versions (a
 * snapshot without its own changelog, or the sample code base); a file taken at the release's git
 * tag is left as it is, since it has nothing newer.
 */

const SECTION = /^## +\[?([^\]\s]+)\]?/;

function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/, "").split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i], y[i]];
    if (p === q) continue;
    if (p === undefined) return 1; // 5.0.0 is newer than 5.0.0-rc.1
    if (q === undefined) return -1;
    if (typeof p === "number" && typeof q === "number") return p - q;
    return String(p).localeCompare(String(q));
  }
  return 0;
}

function isVersion(text: string): boolean {
  return /^v?\d+(\.\d+)*/.test(text);
}

/** The changelog without the sections newer than `version` (and without "Unreleased"). */
export function changelogAt(markdown: string, version: string): string {
  if (!isVersion(version)) return markdown;
  const kept: string[] = [];
  let keep = true;
  for (const line of markdown.split("\n")) {
    const section = SECTION.exec(line);
    if (section) {
      const name = section[1]!;
      keep = isVersion(name) ? compareVersions(name, version) <= 0 : !/^unreleased$/i.test(name);
    }
    if (keep) kept.push(line);
  }
  return kept.join("\n");
}
