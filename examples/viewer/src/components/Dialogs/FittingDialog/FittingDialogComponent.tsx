import * as React from "../../../react/React";
import {AppStore} from "../../../stores";

/** The image fitting dialog: initial guesses for each Gaussian component, the fit button and the fitted parameters of the active image. */
export class FittingDialogComponent extends React.Component {
    render(): React.ReactElement {
        const app = AppStore.Instance;
        const fitting = app.imageFittingStore;
        return (
            <div role="dialog" aria-label="Image Fitting">
                <button type="button" disabled={fitting.fitDisabled} onClick={() => fitting.fitImage()}>Fit</button>
                <pre>{app.activeFrame?.fittingResult ?? ""}</pre>
            </div>
        );
    }
}
