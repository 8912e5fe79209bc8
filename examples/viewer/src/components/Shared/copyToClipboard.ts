/**
 * Copies text to the system clipboard, such as a cursor position or a header value.
 *
 * @param text - The text to copy.
 * @returns Whether the text was copied; browsers refuse when the page is not focused or not served securely.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
    try {
        await navigator.clipboard.writeText(text);
        return true;
    } catch {
        return false;
    }
}
