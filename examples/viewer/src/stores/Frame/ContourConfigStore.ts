import type {NumberRange, WorkspaceContourConfig} from "../../models";

/**
 * Contour settings of one image: levels, smoothing and line style. Editing them does not redraw the contours;
 * the contour dialog sends them to the backend, which computes the new contours.
 */
export class ContourConfigStore {
    /** Largest smoothing kernel the backend accepts, in pixels. */
    static readonly SMOOTHING_FACTOR_MAX = 33;

    /** Contour levels, in image units, in ascending order. */
    levels: number[] = [];
    /** Width of the Gaussian kernel the image is smoothed with before contouring, in pixels; 1 means none. */
    smoothingFactor = 4;
    /** Line colour, as a CSS colour string. */
    color = "#ffffff";
    /** Line width, in screen pixels. */
    thickness = 1;
    /** Whether the contours are drawn. */
    visible = true;

    /** Whether there is anything to draw. */
    get enabled(): boolean {
        return this.visible && this.levels.length > 0;
    }

    /** Replaces the levels, sorting them and removing duplicates. */
    setLevels(levels: number[]): void {
        this.levels = [...new Set(levels)].sort((a, b) => a - b);
    }

    /**
     * Fills the levels with evenly spaced values, like the dialog's linear level generator.
     *
     * @param range - The lowest and highest level.
     * @param count - Number of levels; at least 2 are made.
     */
    generateLinearLevels(range: NumberRange, count: number = 5): void {
        const levelCount = Math.max(2, count);
        this.setLevels(Array.from({length: levelCount}, (_, index) => range.min + (index * (range.max - range.min)) / (levelCount - 1)));
    }

    /** Sets the smoothing kernel width, in pixels, from 1 to {@link ContourConfigStore.SMOOTHING_FACTOR_MAX}. */
    setSmoothingFactor(factor: number): void {
        this.smoothingFactor = Math.round(Math.min(ContourConfigStore.SMOOTHING_FACTOR_MAX, Math.max(1, factor)));
    }

    /** Returns the settings in the form a workspace file stores them. */
    toWorkspace(): WorkspaceContourConfig {
        const {levels, smoothingFactor, color, thickness, visible} = this;
        return {levels: [...levels], smoothingFactor, color, thickness, visible};
    }
}
