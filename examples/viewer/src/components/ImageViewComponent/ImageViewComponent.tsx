import type {Point2D} from "../../models";
import {AppStore, type FrameStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** The main panel, which cannot be closed: draws the active image with its overlays, regions and contours. */
export class ImageViewComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "image-view", title: "Image view", defaultWidth: 640, defaultHeight: 640, isCloseable: false};

    /**
     * Converts a position on the panel to image pixel coordinates in the given image's view.
     *
     * @param frame - The image drawn in the panel.
     * @param canvasPosition - Position in screen pixels from the panel's top-left corner.
     * @param canvasSize - Size of the panel in screen pixels.
     */
    static canvasToImage(frame: FrameStore, canvasPosition: Point2D, canvasSize: Point2D): Point2D {
        const {center, zoomLevel} = frame;
        return {x: center.x + (canvasPosition.x - canvasSize.x / 2) / zoomLevel, y: center.y - (canvasPosition.y - canvasSize.y / 2) / zoomLevel};
    }

    render(): ViewElement {
        const frame = AppStore.Instance.activeFrame;
        return <canvas className="image-view-widget" aria-label={frame?.filename ?? "No image"} />;
    }
}
