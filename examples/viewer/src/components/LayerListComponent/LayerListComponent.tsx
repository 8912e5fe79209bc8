import {AppStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** The list of open images in layer order; clicking a row makes that image active. */
export class LayerListComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "layer-list", title: "Image List", defaultWidth: 640, defaultHeight: 200, isCloseable: true};

    render(): ViewElement {
        const app = AppStore.Instance;
        const rows = app.frames.map(frame => <li key={frame.frameInfo.fileId} className={frame === app.activeFrame ? "active" : ""} onClick={() => app.setActiveFrame(frame)}>{frame.filename}</li>);
        return <ol className="layer-list-widget">{rows}</ol>;
    }
}
