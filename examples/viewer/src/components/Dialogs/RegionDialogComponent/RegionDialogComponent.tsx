import {AppStore} from "../../../stores";
import {ViewerComponent, type ViewElement} from "../../Shared";

/** The region dialog: name, colour, centre, size and rotation of the active image's selected region. */
export class RegionDialogComponent extends ViewerComponent {
    render(): ViewElement | null {
        const region = AppStore.Instance.activeFrame?.regionSet.selectedRegion;
        return region ? <input className="region-dialog" value={region.name} onInput={(name: string) => region.setName(name)} /> : null;
    }
}
