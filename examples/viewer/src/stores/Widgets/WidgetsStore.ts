import {PvGeneratorWidgetStore} from "./PvGeneratorWidgetStore/PvGeneratorWidgetStore";
import {SpectralProfileWidgetStore} from "./SpectralProfileWidget/SpectralProfileWidgetStore";

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

    /** Opens a floating spectral profiler widget. */
    createFloatingSpectralProfilerWidget(): void {
        this.addSpectralProfileWidget();
    }

    /** Adds the settings of a spectral profiler widget; returns the widget id. */
    addSpectralProfileWidget(id: string | null = null, widgetSettings: object | null = null): string {
        const widgetId = id ?? this.nextId("spectral-profiler");
        this.spectralProfileWidgets.set(widgetId, new SpectralProfileWidgetStore());
        void widgetSettings;
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
