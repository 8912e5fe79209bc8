/** The dialogs {@link DialogStore.showDialog} opens, by the id each dialog is registered under. */
export enum DialogId {
    About = "about-dialog",
    Snippet = "snippet-dialog",
    Contour = "contour-dialog",
    FileBrowser = "fileBrowser-dialog",
    FileInfo = "fileInfo-dialog",
    Fitting = "fitting-dialog",
    Preference = "preference-dialog",
    Region = "region-dialog",
    Vector = "vector-dialog",
    Workspace = "workspace-dialog"
}

/**
 * Which of the viewer's dialogs are open.
 *
 * @remarks
 * Code snippets reach it as `app.dialogStore`: `app.dialogStore.showDialog(DialogId.Fitting)` opens the image fitting
 * dialog (in a snippet, pass the id's string value, `"fitting-dialog"`).
 */
export class DialogStore {
    /** Whether each dialog is open, by {@link DialogId}; a dialog not in the map is closed. */
    dialogVisible = new Map<string, boolean>();

    private static staticInstance?: DialogStore;

    /** The viewer's single dialog store. */
    static get Instance(): DialogStore {
        return (DialogStore.staticInstance ??= new DialogStore());
    }

    /** Opens a dialog, or brings it to the front when it is open already. */
    showDialog(id: string): void {
        this.dialogVisible.set(id, true);
    }

    /** Closes a dialog; closing one that is not open does nothing. */
    hideDialog(id: string): void {
        this.dialogVisible.set(id, false);
    }
}
