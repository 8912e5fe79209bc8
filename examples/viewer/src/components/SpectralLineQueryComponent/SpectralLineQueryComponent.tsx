import type {SpectralLine} from "../../models";
import type {CARTA} from "../../protobuf/carta";
import {BackendService} from "../../services";
import {formattedFrequency} from "../../utilities";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** Searches a spectral line catalogue for transitions in a frequency range and lists them. */
export class SpectralLineQueryComponent extends ViewerComponent<WidgetProps, {lines: SpectralLine[]}> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "spectral-line-query", title: "Spectral Line Query", defaultWidth: 720, defaultHeight: 560, isCloseable: true};
    /** Widest range one query may cover, in MHz; wider ranges return too many lines to be useful. */
    static readonly MAX_RANGE_MHZ = 20_000;

    protected state = {lines: [] as SpectralLine[]};

    /**
     * Runs a query and shows its result.
     *
     * @param rangeMHz - Frequency range to search, in MHz.
     * @param intensityLimit - Leave out lines fainter than this.
     * @throws RangeError when the range is wider than {@link SpectralLineQueryComponent.MAX_RANGE_MHZ}.
     */
    async query(rangeMHz: CARTA.IFloatBounds, intensityLimit?: number): Promise<SpectralLine[]> {
        if (rangeMHz.max - rangeMHz.min > SpectralLineQueryComponent.MAX_RANGE_MHZ) {
            throw new RangeError(`Query at most ${SpectralLineQueryComponent.MAX_RANGE_MHZ} MHz at a time`);
        }
        const lines = await BackendService.Instance.requestSpectralLines(rangeMHz.min, rangeMHz.max, intensityLimit);
        this.setState({lines});
        return lines;
    }

    render(): ViewElement {
        const rows = this.state.lines.map(line => <li key={`${line.species}@${line.restFrequency}`}>{`${line.species} ${formattedFrequency(line.restFrequency / 1000)}`}</li>);
        return <ul className="spectral-line-query-widget">{rows}</ul>;
    }
}
