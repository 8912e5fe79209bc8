import type {Point2D} from "../../models";
import {BackendService} from "../../services";
import type {FrameStore} from "../Frame/FrameStore";

/** The parameters of one elliptical Gaussian, as guessed before a fit or found by it. */
export interface GaussianComponent {
    /** Centre, in image pixel coordinates. */
    center: Point2D;
    /** Peak value, in image units. */
    amplitude: number;
    /** Full width at half maximum along the major (`x`) and minor (`y`) axes, in pixels. */
    fwhm: Point2D;
    /** Position angle of the major axis, in degrees counter-clockwise from the x axis. */
    pa: number;
}

/** The outcome of an image fit. */
export interface FitResult {
    /** Whether the solver converged. */
    success: boolean;
    /** The solver's report, including the reason for a failure. */
    message: string;
    /** The fitted components, in the order of the initial guesses. */
    components: GaussianComponent[];
    /** One-sigma uncertainties of each fitted parameter, matching {@link FitResult.components}. */
    errors: GaussianComponent[];
}

/** The initial guess for one Gaussian component of an image fit. Each setter returns whether the value was accepted. */
export class FittingComponentStore implements GaussianComponent {
    center: Point2D = {x: NaN, y: NaN};
    amplitude = NaN;
    fwhm: Point2D = {x: NaN, y: NaN};
    pa = 0;

    /** Whether every parameter has a usable value, so the component can be fitted. */
    get isValid(): boolean {
        return [this.center.x, this.center.y, this.amplitude, this.pa].every(Number.isFinite) && this.fwhm.x > 0 && this.fwhm.y > 0;
    }

    /** Sets the horizontal centre, in image pixels. */
    setCenterX(x: number): boolean {
        return this.accept(Number.isFinite(x), () => (this.center = {...this.center, x}));
    }

    /** Sets the vertical centre, in image pixels. */
    setCenterY(y: number): boolean {
        return this.accept(Number.isFinite(y), () => (this.center = {...this.center, y}));
    }

    /** Sets the peak value, in image units. */
    setAmplitude(amplitude: number): boolean {
        return this.accept(Number.isFinite(amplitude), () => (this.amplitude = amplitude));
    }

    /** Sets the full width at half maximum along the major axis, in pixels; it must be positive. */
    setFwhmX(value: number): boolean {
        return this.accept(value > 0, () => (this.fwhm = {...this.fwhm, x: value}));
    }

    /** Sets the full width at half maximum along the minor axis, in pixels; it must be positive. */
    setFwhmY(value: number): boolean {
        return this.accept(value > 0, () => (this.fwhm = {...this.fwhm, y: value}));
    }

    /** Sets the position angle, in degrees. */
    setPa(value: number): boolean {
        return this.accept(Number.isFinite(value), () => (this.pa = value));
    }

    private accept(valid: boolean, apply: () => void): boolean {
        if (valid) {
            apply();
        }
        return valid;
    }
}

/**
 * Settings and results of fitting 2D Gaussians to an image, shown in the image fitting dialog.
 *
 * @example
 * ```ts
 * const [guess] = app.imageFittingStore.components;
 * guess.setCenterX(128);
 * guess.setCenterY(130);
 * guess.setAmplitude(0.02);
 * guess.setFwhmX(8);
 * guess.setFwhmY(5);
 * const result = await app.imageFittingStore.fitImage();
 * console.log(result.components[0].fwhm);
 * ```
 */
export class ImageFittingStore {
    /** Largest number of components one fit can have. */
    static readonly MAX_COMPONENTS = 10;

    /** Initial guesses, one per component; there is always at least one. */
    components = [new FittingComponentStore()];
    /** Result of the last fit, until it is cleared or a new fit starts. */
    fitResult?: FitResult;
    /** Whether a fit is running. */
    isFitting = false;

    /** @param getFrame - Returns the image to fit, normally the active one. */
    constructor(private readonly getFrame: () => FrameStore | undefined) {}

    /** Sets the number of components (1 to {@link ImageFittingStore.MAX_COMPONENTS}), keeping existing guesses. */
    setComponents(count: number): void {
        const target = Math.min(ImageFittingStore.MAX_COMPONENTS, Math.max(1, Math.round(count)));
        this.components = Array.from({length: target}, (_, index) => this.components[index] ?? new FittingComponentStore());
    }

    /** Replaces all guesses with a single empty one. */
    clearComponents(): void {
        this.components = [new FittingComponentStore()];
    }

    /**
     * Fits the components to the image and keeps the result in {@link ImageFittingStore.fitResult}.
     *
     * @returns The fit result, also when the solver did not converge.
     * @throws Error when no image is open, a guess is incomplete or a fit is already running.
     */
    async fitImage(): Promise<FitResult> {
        const frame = this.getFrame();
        if (!frame || this.isFitting || !this.components.every(component => component.isValid)) {
            throw new Error("Fitting needs an open image, complete initial guesses and no fit in progress");
        }
        this.isFitting = true;
        this.fitResult = undefined;
        try {
            return (this.fitResult = await BackendService.Instance.requestFitting(frame.frameInfo.fileId, this.components));
        } finally {
            this.isFitting = false;
        }
    }

    /** Forgets the last fit result. */
    clearFitResult(): void {
        this.fitResult = undefined;
    }
}
