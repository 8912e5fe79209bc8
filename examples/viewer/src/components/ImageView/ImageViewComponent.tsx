import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The image view: the open images with their overlays, regions and contours. */
export class ImageViewComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "image-view", type: "image-view", minWidth: 500, minHeight: 500, defaultWidth: 600, defaultHeight: 600, title: "Image view", isCloseable: false};
    }

    render(): React.ReactElement {
        const frame = AppStore.Instance.activeFrame;
        return <div className="image-view-widget">{frame ? `${frame.filename}, zoom ${frame.zoomLevel}` : "No image loaded"}</div>;
    }
}
