import {PvGeneratorWidgetStore} from "./PvGeneratorWidgetStore/PvGeneratorWidgetStore";
import {SpectralProfileWidgetStore} from "./SpectralProfileWidget/SpectralProfileWidgetStore";

/** Where and how big a kind of widget opens, and its title. Each widget class has one as `WIDGET_CONFIG`. */
export interface DefaultWidgetConfig {
    /** Id of the widget kind. */
    id: string;
    /** Widget type, the prefix of the widget ids, such as `"spectral-profiler"`. */
    type: string;
    /** Smallest width, in screen pixels. */
    minWidth: number;
    /** Smallest height, in screen pixels. */
    minHeight: number;
    /** Width of a new floating widget, in screen pixels. */
    defaultWidth: number;
    /** Height of a new floating widget, in screen pixels. */
    defaultHeight: number;
    /** Whether the user can close the widget; the image view cannot be closed. */
    isCloseable: boolean;
    /** Title shown in the widget's header bar. */
    title: string;
}

/** Properties every widget component receives from the layout. */
export class WidgetProps {
    /** The widget's id in the layout, such as `"spectral-profiler-0"`; widget settings are kept under it. */
    id: string = "";
    /** Whether the widget sits in the docked layout (`true`) or floats above it. */
    docked: boolean = false;
    /** Id of the floating settings panel opened for this widget, if any. */
    floatingSettingsId?: string;
}

/**
 * Keeps the settings stores of the open widgets, by widget id, and opens new floating widgets.
 *
 * @remarks
 * Widget ids are the widget type followed by a counter, such as `"spectral-profiler-0"`.
 */
export class WidgetsStore {
    private static staticInstance?: WidgetsStore;

    /** The viewer's single widgets store. */
    static get Instance(): WidgetsStore {
        return (WidgetsStore.staticInstance ??= new WidgetsStore());
    }

    /** Settings of the spectral profiler widgets, by widget id. */
    spectralProfileWidgets = new Map<string, SpectralProfileWidgetStore>();
    /** Settings of the PV generator widgets, by widget id. */
    pvGeneratorWidgets = new Map<string, PvGeneratorWidgetStore>();

    private readonly counters = new Map<string, number>();
    private readonly settingsOpenFor = new Set<string>();

    /** Opens a floating spectral profiler widget. */
    createFloatingSpectralProfilerWidget(): void {
        this.addSpectralProfileWidget();
    }

    /**
     * Opens the settings panel of a widget as a floating window of its own.
     *
     * @param title - Title of the window; an empty string keeps the panel's usual title.
     * @param parentId - Id of the widget whose settings are shown, such as `"spectral-profiler-0"`.
     * @param parentType - Type of that widget, such as `"spectral-profiler"`.
     */
    createFloatingSettingsWidget(title: string, parentId: string, parentType: string): void {
        this.settingsOpenFor.add(parentId);
    }

    /** Adds the settings of a spectral profiler widget; returns the widget id. */
    addSpectralProfileWidget(id: string | null = null, widgetSettings: object | null = null): string {
        const widgetId = id ?? this.nextId("spectral-profiler");
        this.spectralProfileWidgets.set(widgetId, new SpectralProfileWidgetStore());
        return widgetId;
    }

    /** Opens a floating PV generator widget. */
    createFloatingPvGeneratorWidget(): void {
        this.addPvGeneratorWidget();
    }

    /** Adds the settings of a PV generator widget; returns the widget id. */
    addPvGeneratorWidget(id: string | null = null): string {
        const widgetId = id ?? this.nextId("pv-generator");
        this.pvGeneratorWidgets.set(widgetId, new PvGeneratorWidgetStore());
        return widgetId;
    }

    /** Closes a widget and forgets its settings. */
    removeWidget(widgetId: string, widgetType: string): void {
        const widgets = widgetType === "pv-generator" ? this.pvGeneratorWidgets : this.spectralProfileWidgets;
        widgets.delete(widgetId);
    }

    private nextId(type: string): string {
        const count = this.counters.get(type) ?? 0;
        this.counters.set(type, count + 1);
        return `${type}-${count}`;
    }
}
