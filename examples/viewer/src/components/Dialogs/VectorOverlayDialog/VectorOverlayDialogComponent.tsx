import * as React from "../../../react/React";

/** The vector overlay dialog: polarization vectors drawn over an image from its Stokes Q and U. */
export class VectorOverlayDialogComponent extends React.Component {
    render(): React.ReactElement {
        return <div role="dialog" aria-label="Vector Overlay" />;
    }
}
