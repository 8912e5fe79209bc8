import * as React from "../../../react/React";
import {AppStore} from "../../../stores";

/** The contour dialog: levels, smoothing and style of the contours of an image. */
export class ContourDialogComponent extends React.Component {
    render(): React.ReactElement {
        const config = AppStore.Instance.activeFrame?.contourConfig;
        return <input type="checkbox" className="contour-dialog" checked={config?.visible} onChange={() => config?.toggleVisibility()} />;
    }
}
