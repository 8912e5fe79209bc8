import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The image list: the open images and colour-blended images, with their matching and visibility controls. */
export class LayerListComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "layer-list", type: "layer-list", minWidth: 350, minHeight: 180, defaultWidth: 650, defaultHeight: 180, title: "Image List", isCloseable: true};
    }

    render(): React.ReactElement {
        const images = AppStore.Instance.frames;
        return <ul className="layer-list-widget">{images.map(frame => <li key={frame.frameInfo.fileId}>{frame.filename}</li>)}</ul>;
    }
}
