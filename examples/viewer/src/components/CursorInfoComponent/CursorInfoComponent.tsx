import type {Point2D} from "../../models";
import {toFixed} from "../../utilities";
import {copyToClipboard, ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Properties of {@link CursorInfoComponent}. */
export interface CursorInfoComponentProps extends WidgetProps {
    /** Cursor position in image pixel coordinates, or `undefined` when the cursor is off the image. */
    cursorPosition?: Point2D;
}

/** A read-out of the cursor position over the image; double-click to copy it. */
export class CursorInfoComponent extends ViewerComponent<CursorInfoComponentProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "cursor-info", title: "Cursor Information", defaultWidth: 720, defaultHeight: 160, isCloseable: true};

    render(): ViewElement {
        const position = this.props.cursorPosition;
        const text = position ? `(${toFixed(position.x, 2)}, ${toFixed(position.y, 2)})` : "";
        return <span className="cursor-info-widget" onDoubleClick={() => copyToClipboard(text)}>{text}</span>;
    }
}
