import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/**
 * The image fitting dialog, opened from the View menu: initial guesses for each Gaussian component, the fit button
 * and the fitted parameters of the active image.
 */
export class FittingDialogComponent extends ViewerComponent {
    render(): ViewElement {
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
