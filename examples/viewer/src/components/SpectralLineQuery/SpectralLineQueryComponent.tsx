import * as React from "../../react/React";
import type {DefaultWidgetConfig, WidgetProps} from "../../stores";

/** Searches an online catalogue of spectral lines within a frequency range. */
export class SpectralLineQueryComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "spectral-line-query", type: "spectral-line-query", minWidth: 500, minHeight: 400, defaultWidth: 750, defaultHeight: 600, title: "Spectral Line Query", isCloseable: true};
    }

    render(): React.ReactElement {
        return <form className="spectral-line-query-widget" />;
    }
}
