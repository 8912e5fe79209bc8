import {CARTA} from "../../protobuf/carta";
import {AppStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** The message log, newest entry last, coloured by severity; entries below the log's display level are hidden. */
export class LogComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "log", title: "Log", defaultWidth: 640, defaultHeight: 200, isCloseable: true};

    render(): ViewElement {
        const log = AppStore.Instance.logStore;
        const entries = log.logEntries.filter(entry => entry.level >= log.logLevel && !entry.tags.some(tag => log.hiddenTags.includes(tag)));
        return <div className="log-widget">{entries.map((entry, index) => <p key={index} className={CARTA.ErrorSeverity[entry.level].toLowerCase()}>{`${entry.title} ${entry.message}`}</p>)}</div>;
    }
}
