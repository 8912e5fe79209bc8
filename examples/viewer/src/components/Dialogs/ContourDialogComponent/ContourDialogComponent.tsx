import {BackendService} from "../../../services";
import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The contour dialog: generate levels across the clip range, set smoothing and style, and apply. */
export class ContourDialogComponent extends ViewerComponent {
    /** Fills the active image's contour levels evenly across its current clip range and sends them to the backend. */
    applyLinearLevels(count: number): void {
        const frame = AppStore.Instance.activeFrame;
        if (frame) {
            frame.contourConfig.generateLinearLevels({min: frame.renderConfig.scaleMin, max: frame.renderConfig.scaleMax}, count);
            BackendService.Instance.setContourParameters(frame.frameInfo.fileId, frame.contourConfig.toWorkspace());
        }
    }

    render(): ViewElement {
        return <button type="button" className="contour-dialog" onClick={() => this.applyLinearLevels(5)}>Apply</button>;
    }
}
