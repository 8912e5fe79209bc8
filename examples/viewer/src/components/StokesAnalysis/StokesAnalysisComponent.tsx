import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** Polarization profiles and the Q–U scatter plot of a cube with a Stokes axis. */
export class StokesAnalysisComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "stokes", type: "stokes", minWidth: 320, minHeight: 400, defaultWidth: 520, defaultHeight: 650, title: "Stokes Analysis", isCloseable: true};
    }

    render(): React.ReactElement {
        const stokes = AppStore.Instance.activeFrame?.stokesInfo ?? [];
        return <div className="stokes-analysis-widget">{stokes.join(", ")}</div>;
    }
}
