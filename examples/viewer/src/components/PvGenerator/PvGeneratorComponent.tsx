import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** Generates position–velocity images along a line region, with the settings of its `PvGeneratorWidgetStore`. */
export class PvGeneratorComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "pv-generator", type: "pv-generator", minWidth: 525, minHeight: 300, defaultWidth: 550, defaultHeight: 620, title: "PV Generator", isCloseable: true};
    }

    render(): React.ReactElement {
        const settings = AppStore.Instance.widgetsStore.pvGeneratorWidgets.get(this.props.id);
        return <button type="button" className="pv-generator-widget" onClick={() => settings?.requestPV()}>Generate</button>;
    }
}
