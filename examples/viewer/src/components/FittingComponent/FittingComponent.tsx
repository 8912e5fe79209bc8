import {AppStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** The image fitting panel: initial guesses for each Gaussian component, the fit button and the solver's report. */
export class FittingComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "fitting", title: "Image Fitting", defaultWidth: 560, defaultHeight: 640, isCloseable: true};

    /** Runs the fit, reporting failures in the log instead of throwing. */
    async fit(): Promise<void> {
        const app = AppStore.Instance;
        await app.imageFittingStore.fitImage().catch(error => app.logStore.addError(String(error), ["fitting"]));
    }

    render(): ViewElement {
        const fitting = AppStore.Instance.imageFittingStore;
        return <div className="fitting-widget"><button type="button" disabled={fitting.isFitting} onClick={() => this.fit()}>Fit</button><pre>{fitting.fitResult?.message ?? ""}</pre></div>;
    }
}
