/** A saved code snippet, in the form the server stores it. */
export class Snippet {
    /** The JavaScript source, run as the body of an async function. */
    code: string = "";
    /** Version of this format. */
    snippetVersion: number = 1;
    /** Version of the viewer the snippet was saved with. */
    frontendVersion: string = "";
    /** What the snippet does. */
    description?: string;
    /** Menu categories the snippet is listed under. */
    categories: string[] = [];

    /** Version of the snippet format this viewer writes. */
    static readonly SnippetVersion = 1;
}
