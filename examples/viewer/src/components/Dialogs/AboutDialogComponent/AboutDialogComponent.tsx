import {ViewerComponent, type ViewElement} from "../../Shared";

/** The About dialog: viewer version, licence and where to report problems. */
export class AboutDialogComponent extends ViewerComponent {
    /** Version of the viewer shown in the dialog. */
    static readonly VERSION = "5.0.0";
    /** Where users are sent to report problems. */
    static readonly ISSUES_URL = "https://github.com/CARTAvis/carta/issues";

    render(): ViewElement {
        return <a className="about-dialog" href={AboutDialogComponent.ISSUES_URL}>{`CARTA ${AboutDialogComponent.VERSION}, GPL-3.0: report a problem`}</a>;
    }
}
