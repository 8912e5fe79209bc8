/**
 * The TypeScript program of the conversion just run on this thread, handed to the snippet check of the same
 * version so that it type-checks against files TypeDoc already parsed and bound instead of reading the viewer
 * again (for the real viewer, about two seconds a version). One slot: taking it empties it, and the next
 * conversion replaces it, so at most one program outlives its conversion.
 *
 * Beside it, the snippet check's own last program, kept for the next check of the same source (a version
 * sharing it, a watch session's next edit of a doc), and let go when a conversion begins: held through a
 * conversion, it keeps the previous source's parsed files alive beside the new ones, and a check after a
 * conversion takes that conversion's program instead.
 */
import type ts from "typescript";

let slot: { root: string; program: ts.Program } | undefined;

/**
 * TypeScript's library files (lib.*.d.ts) the last conversion parsed, by name. Kept past its version's load,
 * unlike the program: a later check of this process (a snapshot version's, after the converted one) takes them
 * instead of parsing them again, whether or not the converted version's own check took the program.
 */
const libraries = new Map<string, ts.SourceFile>();

/** Called by a conversion with the program TypeDoc built for the source at `root`. */
export function offerProgram(root: string, program: ts.Program): void {
  slot = { root, program };
  libraries.clear();
  for (const file of program.getSourceFiles()) if (program.isSourceFileDefaultLibrary(file)) libraries.set(file.fileName, file);
}

/** The library file `fileName` as the last conversion parsed it, if it did. */
export function conversionLibrary(fileName: string): ts.SourceFile | undefined {
  return libraries.get(fileName);
}

/** The program of the last conversion if it was of `root`; the slot is emptied either way. */
export function takeProgram(root: string): ts.Program | undefined {
  const offered = slot;
  slot = undefined;
  return offered?.root === root ? offered.program : undefined;
}

/** Empties the slot, so an unclaimed program does not outlive its version's load. */
export function dropProgram(): void {
  slot = undefined;
}

let kept: { identity: string; program: ts.Program } | undefined;

/** Keeps the snippet check's program of the source named `identity` (a commit, a tree's hash) for the next check. */
export function keepCheckProgram(identity: string, program: ts.Program): void {
  kept = { identity, program };
}

/** The kept check program, if it is of the source named `identity`. */
export function keptCheckProgram(identity: string): ts.Program | undefined {
  return kept?.identity === identity ? kept.program : undefined;
}

/** Lets the kept check program go: a conversion begins, or a one-off build is done with its checks. */
export function dropCheckProgram(): void {
  kept = undefined;
}
