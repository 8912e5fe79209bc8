import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The spectrum at the cursor or in a region, with the moment generator of its `SpectralProfileWidgetStore` settings. */
export class SpectralProfilerComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "spectral-profiler", type: "spectral-profiler", minWidth: 880, minHeight: 300, defaultWidth: 870, defaultHeight: 300, title: "Z Profile: Cursor", isCloseable: true};
    }

    render(): React.ReactElement {
        const settings = AppStore.Instance.widgetsStore.spectralProfileWidgets.get(this.props.id);
        return <button type="button" className="spectral-profiler-widget" onClick={() => settings?.requestMoment()}>Generate moments</button>;
    }
}
