import * as React from "../../../react/React";

/** The about dialog: the viewer's version, its authors and where to report problems. */
export class AboutDialogComponent extends React.Component {
    render(): React.ReactElement {
        return <div role="dialog" aria-label="About CARTA" />;
    }
}
