import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The regions of the active image, with their type, position and size. */
export class RegionListComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "region-list", type: "region-list", minWidth: 350, minHeight: 180, defaultWidth: 650, defaultHeight: 180, title: "Region List", isCloseable: true};
    }

    render(): React.ReactElement {
        const regions = AppStore.Instance.activeFrame?.regionSet.regions ?? [];
        return <ul className="region-list-widget">{regions.map(region => <li key={region.regionId}>{region.name || `Region ${region.regionId}`}</li>)}</ul>;
    }
}
