import {CARTA} from "../../protobuf/carta";
import {AppStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** The active image's regions with their names and shapes; clicking a row selects the region. */
export class RegionListComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "region-list", title: "Region List", defaultWidth: 560, defaultHeight: 240, isCloseable: true};

    render(): ViewElement {
        const regionSet = AppStore.Instance.activeFrame?.regionSet;
        const rows = regionSet?.regions.map(region => (
            <li key={region.regionId} onClick={() => regionSet.selectRegion(region)}>{`${region.name || region.regionId}: ${CARTA.RegionType[region.regionType]}`}</li>
        ));
        return <ul className="region-list-widget">{rows}</ul>;
    }
}
