import * as React from "../../../react/React";

/** The file browser: opens images, catalogs and region files on the backend, and saves images and regions. */
export class FileBrowserDialogComponent extends React.Component {
    render(): React.ReactElement {
        return <div role="dialog" aria-label="File Browser" />;
    }
}
