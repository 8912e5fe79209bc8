import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** A profile of the active image along the x or y axis through the cursor or a point region. */
export class SpatialProfilerComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "spatial-profiler", type: "spatial-profiler", minWidth: 250, minHeight: 250, defaultWidth: 650, defaultHeight: 250, title: "X Profile: Cursor", isCloseable: true};
    }

    render(): React.ReactElement {
        return <div className="spatial-profiler-widget">{AppStore.Instance.activeFrame?.filename ?? "No image loaded"}</div>;
    }
}
