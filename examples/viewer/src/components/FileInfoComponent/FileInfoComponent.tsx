import {AppStore, type FrameStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** The active image's file information: dimensions and the full FITS header. */
export class FileInfoComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "file-info", title: "File Information", defaultWidth: 680, defaultHeight: 560, isCloseable: true};

    /** Formats an image's header as FITS-style text, one `KEY = value / comment` line per card. */
    static headerText(frame: FrameStore): string {
        return frame.frameInfo.fileInfoExtended.headerEntries.map(entry => `${entry.name.padEnd(8)}= ${entry.value}${entry.comment ? ` / ${entry.comment}` : ""}`).join("\n");
    }

    render(): ViewElement | null {
        const frame = AppStore.Instance.activeFrame;
        return frame ? <pre className="file-info-widget">{FileInfoComponent.headerText(frame)}</pre> : null;
    }
}
