import {AppStore, type SpectralProfileWidgetStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** A plot of the spectrum at the cursor, with the moment generator whose settings live in a {@link SpectralProfileWidgetStore}. */
export class SpectralProfilerComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "spectral-profiler", title: "Z Profile: Cursor", defaultWidth: 640, defaultHeight: 300, isCloseable: true};

    /** Generates the moment images selected in the widget's settings from the active image. */
    generateMoments(): void {
        AppStore.Instance.widgetsStore.spectralProfileWidgets.get(this.props.id)?.requestMoment();
    }

    render(): ViewElement {
        return <button type="button" className="spectral-profiler-widget" disabled={(AppStore.Instance.activeFrame?.numChannels ?? 0) <= 1} onClick={() => this.generateMoments()}>Generate moments</button>;
    }
}
