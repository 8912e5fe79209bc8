/** Sky coordinate systems of the overlay; `Auto` uses the image's own. */
export enum SystemType {
    Auto = "AUTO",
    Ecliptic = "ECLIPTIC",
    FK4 = "FK4",
    FK5 = "FK5",
    Galactic = "GALACTIC",
    ICRS = "ICRS"
}

/** How the overlay writes coordinates: hours, minutes and seconds; degrees, minutes and seconds; or decimal degrees. */
export enum NumberFormatType {
    HMS = "hms",
    DMS = "dms",
    Degrees = "d"
}

/** Settings of the whole overlay: its sky coordinate system. */
export class OverlayGlobalSettings {
    /** Sky coordinate system of the grid, the labels and the cursor read-out. */
    system = SystemType.Auto;

    /** Changes the sky coordinate system. */
    setSystem(system: SystemType): void {
        this.system = system;
    }
}

/** Settings of the coordinate grid lines. */
export class OverlayGridSettings {
    /** Whether the grid lines are drawn. */
    visible = true;

    /** Shows or hides the grid lines. */
    setVisible(visible: boolean = true): void {
        this.visible = visible;
    }
}

/** Settings of the coordinate numbers along the axes. */
export class OverlayNumberSettings {
    /** Whether the numbers are drawn. */
    visible = true;
    /** Format of the numbers on the x axis. */
    formatX = NumberFormatType.HMS;
    /** Format of the numbers on the y axis. */
    formatY = NumberFormatType.DMS;

    /** The format the x axis uses. */
    get formatTypeX(): NumberFormatType {
        return this.formatX;
    }

    /** The format the y axis uses. */
    get formatTypeY(): NumberFormatType {
        return this.formatY;
    }

    /** Changes the format of the numbers on the x axis. */
    setFormatX(format: NumberFormatType): void {
        this.formatX = format;
    }

    /** Changes the format of the numbers on the y axis. */
    setFormatY(format: NumberFormatType): void {
        this.formatY = format;
    }
}

/** The coordinate overlay drawn over the images: grid lines, numbers and labels, in a sky coordinate system. */
export class OverlayStore {
    private static staticInstance?: OverlayStore;

    /** The viewer's single overlay store. */
    static get Instance(): OverlayStore {
        return (OverlayStore.staticInstance ??= new OverlayStore());
    }

    /** Settings of the whole overlay. */
    global = new OverlayGlobalSettings();
    /** The grid lines. */
    grid = new OverlayGridSettings();
    /** The coordinate numbers; their format is also the format {@link FrameStore.setCenterWcs} reads. */
    numbers = new OverlayNumberSettings();
}
