import {AppStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "../Shared";
import type {WidgetConfig, WidgetProps} from "../WidgetProps";

/** A table of the catalogs drawn on the active image, with their source counts. */
export class CatalogOverlayComponent extends ViewerComponent<WidgetProps> {
    /** Default appearance of the widget. */
    static readonly WIDGET_CONFIG: WidgetConfig = {type: "catalog-overlay", title: "Catalog", defaultWidth: 720, defaultHeight: 360, isCloseable: true};

    render(): ViewElement {
        const app = AppStore.Instance;
        const catalogs = app.activeFrame ? app.catalogStore.catalogsOfImage(app.activeFrame.frameInfo.fileId) : [];
        return <ul className="catalog-overlay-widget">{catalogs.map(catalog => <li key={catalog.fileId}>{`${catalog.fileName}: ${catalog.dataSize} sources`}</li>)}</ul>;
    }
}
