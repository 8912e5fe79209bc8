import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The colour map, scaling and clip range of the active image, with its histogram. */
export class RenderConfigComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "render-config", type: "render-config", minWidth: 250, minHeight: 225, defaultWidth: 650, defaultHeight: 225, title: "Render Configuration", isCloseable: true};
    }

    render(): React.ReactElement {
        const config = AppStore.Instance.activeFrame?.renderConfig;
        return <div className="render-config-widget">{config ? `${config.colorMap}, ${config.scaleMinVal} to ${config.scaleMaxVal}` : "No image loaded"}</div>;
    }
}
