import {RenderConfigStore} from "../../stores";
import {ViewerComponent, type ViewElement} from "./ViewerComponent";

/** Properties of {@link ColormapComponent}. */
export interface ColormapComponentProps {
    /** The colour map shown as selected. */
    selectedItem: string;
    /** Called with the colour map the user picks. */
    onItemSelect: (name: string) => void;
    /** Whether the control is greyed out. */
    disabled?: boolean;
}

/** A drop-down list of the colour maps in {@link RenderConfigStore.COLOR_MAPS_ALL}, each with a preview of its colours. */
export class ColormapComponent extends ViewerComponent<ColormapComponentProps> {
    render(): ViewElement {
        const {selectedItem, onItemSelect, disabled} = this.props;
        const options = RenderConfigStore.COLOR_MAPS_ALL.map(name => <option key={name} value={name} className={`colormap-preview ${name}`}>{name}</option>);
        return <select value={selectedItem} disabled={disabled} onChange={onItemSelect}>{options}</select>;
    }
}
