import * as React from "../../react/React";
import {AppStore, type DefaultWidgetConfig, type WidgetProps} from "../../stores";

/** The table of a loaded source catalog, with the settings of how its sources are drawn over the image. */
export class CatalogOverlayComponent extends React.Component<WidgetProps> {
    /** Where and how big the widget opens, and its title. */
    static get WIDGET_CONFIG(): DefaultWidgetConfig {
        return {id: "catalog-overlay", type: "catalog-overlay", minWidth: 720, minHeight: 400, defaultWidth: 720, defaultHeight: 400, title: "Catalog", isCloseable: true};
    }

    render(): React.ReactElement {
        const counts = AppStore.Instance.catalogStore.catalogCounts;
        return <div className="catalog-overlay-widget">{[...counts].map(([fileId, count]) => <p key={fileId}>{`Catalog ${fileId}: ${count} sources`}</p>)}</div>;
    }
}
