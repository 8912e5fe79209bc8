import type * as React from "../../../react/React";

/** Whether the workspace dialog is hidden, saves the current session or opens a saved workspace. */
export enum WorkspaceDialogMode {
    Hidden,
    Save,
    Open
}

/** The workspace dialog: saves the session under a name, or replaces it with a saved workspace. */
export const WorkspaceDialogComponent = (): React.ReactElement => <div role="dialog" aria-label="Workspace" />;
