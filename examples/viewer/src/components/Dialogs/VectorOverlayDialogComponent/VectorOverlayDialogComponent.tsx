import type {WorkspaceVectorOverlayConfig} from "../../../models";
import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The vector overlay dialog: draw polarization vectors over the active image from its Stokes Q and U planes. */
export class VectorOverlayDialogComponent extends ViewerComponent<{}, WorkspaceVectorOverlayConfig> {
    protected state = {pixelAveraging: 4, fractionalIntensity: false, rotationOffset: 0, visible: true};

    /** Draws the overlay on the active image with the dialog's settings, if the image has Q and U planes. */
    apply(): void {
        const frame = AppStore.Instance.activeFrame;
        if (frame && frame.frameInfo.fileInfoExtended.stokes >= 3) {
            this.setState({...this.state, visible: true});
        }
    }

    render(): ViewElement {
        return <button type="button" className="vector-overlay-dialog" onClick={() => this.apply()}>Apply</button>;
    }
}
