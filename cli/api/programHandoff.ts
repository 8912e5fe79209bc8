/**
 * The TypeScript program of the conversion just run on this thread, handed to the snippet check of the same
 * version so that it type-checks against files TypeDoc already parsed and bound instead of reading the viewer
 * again (for the real viewer, about two seconds a version). One slot: taking it empties it, and the next
 * conversion replaces it, so at most one program outlives its conversion.
 */
import type ts from "typescript";

let slot: { root: string; program: ts.Program } | undefined;

/** Called by a conversion with the program TypeDoc built for the source at `root`. */
export function offerProgram(root: string, program: ts.Program): void {
  slot = { root, program };
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
