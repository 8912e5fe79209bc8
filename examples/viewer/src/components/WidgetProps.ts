/** Properties every widget component receives from the layout. */
export interface WidgetProps {
    /** The widget's id in the layout, such as `"spectral-profiler-0"`; widget stores are looked up by it. */
    id: string;
    /** Whether the widget sits in the docked layout (`true`) or floats above it. */
    docked: boolean;
    /** Id of the floating settings panel opened for this widget, if any. */
    floatingSettingsId?: string;
}

/** How a kind of widget appears when it is first opened. Each widget class has one as `WIDGET_CONFIG`. */
export interface WidgetConfig {
    /** Widget type, the prefix of the widget ids, such as `"spectral-profiler"`. */
    readonly type: string;
    /** Title shown in the widget's header bar. */
    readonly title: string;
    /** Width of a new floating widget, in screen pixels. */
    readonly defaultWidth: number;
    /** Height of a new floating widget, in screen pixels. */
    readonly defaultHeight: number;
    /** Whether the user can close the widget; the image view cannot be closed. */
    readonly isCloseable: boolean;
}
