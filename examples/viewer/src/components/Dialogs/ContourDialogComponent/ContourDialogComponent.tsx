import {BackendService} from "../../../services";
import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The contour dialog: generate levels across the clip range, set smoothing and style, and apply. */
export class ContourDialogComponent extends ViewerComponent {
    /** Fills the active image's contour levels evenly across its current clip range and sends them to the backend. */
    applyLinearLevels(count: number): void {
        const frame = AppStore.Instance.activeFrame;
        if (frame) {
            const {scaleMinVal: min, scaleMaxVal: max} = frame.renderConfig;
            const levels = Array.from({length: count}, (_, index) => min + (index * (max - min)) / Math.max(1, count - 1));
            frame.contourConfig.setEnabled(true);
            BackendService.Instance.setContourParameters(frame.frameInfo.fileId, {levels, smoothingFactor: 4, color: "#ffffff", thickness: frame.contourConfig.thickness, visible: true});
        }
    }

    render(): ViewElement {
        return <button type="button" className="contour-dialog" onClick={() => this.applyLinearLevels(5)}>Apply</button>;
    }
}
