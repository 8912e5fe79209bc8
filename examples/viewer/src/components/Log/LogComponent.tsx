import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The message log, newest entry last; entries below the log's level or with a hidden tag are left out. */
export class LogComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "log", type: "log", minWidth: 300, minHeight: 150, defaultWidth: 425, defaultHeight: 200, title: "Log", isCloseable: true};
    }

    render(): React.ReactElement {
        const log = AppStore.Instance.logStore;
        const entries = log.logEntries.filter(entry => entry.level >= log.logLevel && !entry.tags.some(tag => log.hiddenTags.includes(tag)));
        return <div className="log-widget">{entries.map((entry, index) => <p key={index}>{`${entry.title} ${entry.message}`}</p>)}</div>;
    }
}
