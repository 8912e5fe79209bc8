import type {AbstractWidgetStore} from "./AbstractWidgetStore";
import {PvGeneratorWidgetStore} from "./PvGeneratorWidgetStore";
import {SpectralProfileWidgetStore} from "./SpectralProfileWidgetStore";

/**
 * Keeps the stores of the open widgets and creates new floating widgets.
 *
 * @remarks
 * Widget ids are the widget type followed by a counter, such as `"spectral-profiler-0"`; counters are not reset
 * when widgets close, so an id is never reused within a session.
 */
export class WidgetsStore {
    /** Spectral profiler widgets, by id. */
    readonly spectralProfileWidgets = new Map<string, SpectralProfileWidgetStore>();
    /** PV generator widgets, by id. */
    readonly pvGeneratorWidgets = new Map<string, PvGeneratorWidgetStore>();

    private readonly counters = new Map<string, number>();

    /** Opens a floating spectral profiler widget. */
    createFloatingSpectralProfilerWidget(): SpectralProfileWidgetStore {
        return this.create("spectral-profiler", this.spectralProfileWidgets, id => new SpectralProfileWidgetStore(id));
    }

    /** Opens a floating PV generator widget. */
    createFloatingPvGeneratorWidget(): PvGeneratorWidgetStore {
        return this.create("pv-generator", this.pvGeneratorWidgets, id => new PvGeneratorWidgetStore(id));
    }

    /**
     * Finds the store of an open widget.
     *
     * @typeParam T - Kind of widget expected.
     * @param id - The widget's id.
     * @param kind - The expected store class; a widget of another kind is not returned.
     * @example
     * ```ts
     * const profiler = app.widgetsStore.getWidget("spectral-profiler-0", SpectralProfileWidgetStore);
     * profiler?.selectMoment(CARTA.Moment.RMS_OF_THE_SPECTRUM);
     * ```
     */
    getWidget<T extends AbstractWidgetStore = AbstractWidgetStore>(id: string, kind?: abstract new (id: string) => T): T | undefined {
        const widget = this.spectralProfileWidgets.get(id) ?? this.pvGeneratorWidgets.get(id);
        return !kind || widget instanceof kind ? (widget as unknown as T | undefined) : undefined;
    }

    /** Closes the widget with the given id; returns whether one was open. */
    removeWidget(id: string): boolean {
        return this.spectralProfileWidgets.delete(id) || this.pvGeneratorWidgets.delete(id);
    }

    private create<T extends AbstractWidgetStore>(type: string, widgets: Map<string, T>, construct: (id: string) => T): T {
        const count = this.counters.get(type) ?? 0;
        this.counters.set(type, count + 1);
        const widget = construct(`${type}-${count}`);
        widgets.set(widget.id, widget);
        return widget;
    }
}
