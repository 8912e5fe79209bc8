/** Reads a fence's info string: ```ts title="src/file.ts"``` gives the language and a title shown above the code. */

export interface FenceInfo {
  /** First word of the info string, unless it is already an attribute (```title="x"```). */
  language?: string;
  title?: string;
}

const TITLE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/;

export function parseFenceInfo(info: string | undefined): FenceInfo {
  const first = info?.match(/^\S+/)?.[0];
  const title = info ? TITLE.exec(info) : null;
  return {
    language: first && !first.includes("=") ? first : undefined,
    title: (title?.[1] ?? title?.[2]) || undefined,
  };
}
