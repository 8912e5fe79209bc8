import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The position and pixel value under the cursor, for every open image. */
export class CursorInfoComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "cursor-info", type: "cursor-info", minWidth: 350, minHeight: 180, defaultWidth: 650, defaultHeight: 180, title: "Cursor Info", isCloseable: true};
    }

    render(): React.ReactElement {
        const frames = AppStore.Instance.frames;
        return <table className="cursor-info-widget">{frames.map(frame => <tr key={frame.frameInfo.fileId}><td>{frame.filename}</td></tr>)}</table>;
    }
}
