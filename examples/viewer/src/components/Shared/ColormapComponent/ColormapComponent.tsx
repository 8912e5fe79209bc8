import type * as React from "../../../react/React";
import {COLOR_MAPS_ALL} from "../../../utilities";

/** Properties of {@link ColormapComponent}. */
interface ColormapComponentProps {
    /** The colour map shown as selected. */
    selectedColormap: string;
    /** Whether the previews are drawn reversed. */
    inverted: boolean;
    /** Whether the control is greyed out. */
    disabled?: boolean;
    /** Called with the colour map the user picks. */
    onColormapSelect: (selected: string) => void;
}

/** A drop-down list of colour maps, each with a preview of its colours. */
export const ColormapComponent = (props: ColormapComponentProps): React.ReactElement => {
    const {selectedColormap, disabled, onColormapSelect} = props;
    const options = COLOR_MAPS_ALL.map(name => <option key={name} value={name}>{name}</option>);
    return <select value={selectedColormap} disabled={disabled} onChange={onColormapSelect}>{options}</select>;
};
