import type {Point2D} from "../../models";
import type {WidgetsStore} from "./WidgetsStore";

/**
 * Common state of the widgets that have settings of their own: the image they follow, their size and the open tab
 * of their settings panel. Each open widget's store is kept by the {@link WidgetsStore} under the widget's id.
 */
export abstract class AbstractWidgetStore {
    /** Value of {@link AbstractWidgetStore.fileId} that makes the widget follow the active image. */
    static readonly ACTIVE_FILE_ID = -1;
    /** Smallest width and height of a floating widget, in screen pixels. */
    protected static readonly MIN_SIZE = 120;

    /** Image the widget shows data of, or {@link AbstractWidgetStore.ACTIVE_FILE_ID} to follow the active image. */
    fileId = AbstractWidgetStore.ACTIVE_FILE_ID;
    /** Index of the open tab in the widget's settings panel. */
    settingsTabId = 0;
    /** Size of the widget when floating, in screen pixels; `undefined` until the layout has placed it. */
    size?: Point2D;

    /** @param id - The widget's id in the layout, such as `"spectral-profiler-0"`. */
    constructor(readonly id: string) {}

    /** Title shown in the widget's header bar. */
    abstract get title(): string;

    /** Makes the widget show data of another image, or follow the active one with {@link AbstractWidgetStore.ACTIVE_FILE_ID}. */
    setFileId(fileId: number): void {
        this.fileId = fileId;
    }

    /** Opens a tab of the widget's settings panel. */
    setSettingsTabId(tabId: number): void {
        this.settingsTabId = tabId;
    }

    /** Resizes the floating widget, keeping it at least 120 screen pixels in each direction. */
    setSize(width: number, height: number): void {
        this.size = {x: this.atLeastMinimum(width), y: this.atLeastMinimum(height)};
    }

    protected atLeastMinimum(length: number): number {
        return Math.max(AbstractWidgetStore.MIN_SIZE, length);
    }
}
