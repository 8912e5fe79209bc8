import type {Point2D} from "../../models";
import type {CARTA} from "../../protobuf/carta";
import {BackendService} from "../../services";
import {AppStore} from "../AppStore/AppStore";
import type {FrameStore} from "../Frame/FrameStore";

/**
 * The initial guess for one Gaussian component of an image fit. Each setter returns whether the value was accepted;
 * a rejected value leaves the parameter unchanged.
 */
export class ImageFittingIndividualStore {
    /** Centre, in image pixel coordinates. */
    center: Point2D = {x: NaN, y: NaN};
    /** Peak value, in image units. */
    amplitude = NaN;
    /** Full width at half maximum along the major (`x`) and minor (`y`) axes, in pixels. */
    fwhm: Point2D = {x: NaN, y: NaN};
    /** Position angle of the major axis, in degrees counter-clockwise from the x axis. */
    pa = NaN;

    /** Whether every parameter has a usable value, so the component can be fitted. */
    get validParams(): boolean {
        return [this.center.x, this.center.y, this.amplitude, this.pa].every(Number.isFinite) && this.fwhm.x > 0 && this.fwhm.y > 0;
    }

    /** Sets the horizontal centre, in image pixels. */
    setCenterX(val: number): boolean {
        return this.accept(Number.isFinite(val), () => (this.center = {...this.center, x: val}));
    }

    /** Sets the vertical centre, in image pixels. */
    setCenterY(val: number): boolean {
        return this.accept(Number.isFinite(val), () => (this.center = {...this.center, y: val}));
    }

    /** Sets the peak value, in image units. */
    setAmplitude(val: number): boolean {
        return this.accept(Number.isFinite(val), () => (this.amplitude = val));
    }

    /** Sets the full width at half maximum along the major axis, in pixels; it must be positive. */
    setFwhmX(val: number): boolean {
        return this.accept(val > 0, () => (this.fwhm = {...this.fwhm, x: val}));
    }

    /** Sets the full width at half maximum along the minor axis, in pixels; it must be positive. */
    setFwhmY(val: number): boolean {
        return this.accept(val > 0, () => (this.fwhm = {...this.fwhm, y: val}));
    }

    /** Sets the position angle, in degrees. */
    setPa(val: number): boolean {
        return this.accept(Number.isFinite(val), () => (this.pa = val));
    }

    private accept(valid: boolean, apply: () => void): boolean {
        if (valid) {
            apply();
        }
        return valid;
    }
}

/**
 * Settings of fitting 2D Gaussians to an image, shown in the image fitting dialog. The results are kept by the
 * fitted image, in {@link FrameStore.fittingResult}.
 *
 * @example
 * ```ts
 * app.imageFittingStore.setIsAutoInitVal(false);
 * const [guess] = app.imageFittingStore.components;
 * guess.setCenterX(128);
 * guess.setCenterY(130);
 * guess.setAmplitude(0.02);
 * guess.setFwhmX(8);
 * guess.setFwhmY(5);
 * guess.setPa(0);
 * app.imageFittingStore.fitImage();
 * ```
 */
export class ImageFittingStore {
    /** Initial guesses, one per component; there is always at least one. */
    components = [new ImageFittingIndividualStore()];
    /** Whether a fit also opens the fitted model as a new image; on unless switched off. */
    createModelImage = true;
    /** Whether a fit also opens the residual (image minus model) as a new image; on unless switched off. */
    createResidualImage = true;
    /** Whether a fit is running. */
    isFitting = false;
    /**
     * Whether the backend makes the initial guesses itself (the default), replacing those in
     * {@link ImageFittingStore.components}; turn it off with {@link ImageFittingStore.setIsAutoInitVal} to fit from your own.
     */
    isAutoInitVal = true;

    private static staticInstance?: ImageFittingStore;

    /** The viewer's single image fitting store. */
    static get Instance(): ImageFittingStore {
        return (ImageFittingStore.staticInstance ??= new ImageFittingStore());
    }

    private getFrame(): FrameStore | undefined {
        return AppStore.Instance.activeFrame ?? undefined;
    }

    /** Whether a fit cannot start: no image is open, a fit is running or an initial guess is incomplete. */
    get fitDisabled(): boolean {
        return !this.getFrame() || this.isFitting || (!this.isAutoInitVal && !this.components.every(component => component.validParams));
    }

    /** Sets the number of components, adding empty guesses or dropping the last ones; existing guesses are kept. */
    setComponents(num: number): void {
        const target = Math.max(1, Math.round(num));
        this.components = Array.from({length: target}, (_, index) => this.components[index] ?? new ImageFittingIndividualStore());
    }

    /** Turns the backend's own initial guesses on or off. */
    setIsAutoInitVal(isAuto: boolean): void {
        this.isAutoInitVal = isAuto;
    }

    /** Switches the model image of the next fits off, or back on. */
    toggleCreateModelImage(): void {
        this.createModelImage = !this.createModelImage;
    }

    /** Switches the residual image of the next fits off, or back on. */
    toggleCreateResidualImage(): void {
        this.createResidualImage = !this.createResidualImage;
    }

    /** Replaces all guesses with a single empty one. */
    clearComponents(): void {
        this.components = [new ImageFittingIndividualStore()];
    }

    /**
     * Sends the fit to the backend and returns at once; {@link ImageFittingStore.isFitting} stays `true` until the
     * result has been written to the image's {@link FrameStore.fittingResult} and {@link FrameStore.fittingLog}.
     * Does nothing while {@link ImageFittingStore.fitDisabled} is `true`.
     */
    fitImage(): void {
        const frame = this.getFrame();
        if (!frame || this.fitDisabled) {
            return;
        }
        this.isFitting = true;
        frame.resetFitting();
        const initialValues = this.isAutoInitVal ? [] : this.components.map(({center, amplitude, fwhm, pa}) => ({center, amp: amplitude, fwhm, pa}));
        BackendService.Instance.requestFitting({fileId: frame.frameInfo.fileId, initialValues, createModelImage: this.createModelImage, createResidualImage: this.createResidualImage})
            .then(response => {
                frame.setFittingResult(response.success ? resultText(response) : `Fit failed: ${response.message}`);
                frame.setFittingLog(response.log);
            })
            .catch(error => frame.setFittingResult(`Fit failed: ${String(error)}`))
            .finally(() => (this.isFitting = false));
    }
}

/** One block of `name = value ± error` lines per fitted component, as the fitting dialog shows them. */
function resultText({resultValues, resultErrors}: CARTA.IFittingResponse): string {
    const line = (name: string, value: number, error: number, unit: string) => `${name} = ${value.toFixed(6)} ± ${error.toFixed(6)} (${unit})`;
    return resultValues
        .map((value, index) => {
            const error = resultErrors[index];
            return [
                `Component #${index + 1}:`,
                line("Center X", value.center.x, error.center.x, "px"),
                line("Center Y", value.center.y, error.center.y, "px"),
                line("Amplitude", value.amp, error.amp, "image unit"),
                line("FWHM X", value.fwhm.x, error.fwhm.x, "px"),
                line("FWHM Y", value.fwhm.y, error.fwhm.y, "px"),
                line("P.A.", value.pa, error.pa, "deg")
            ].join("\n");
        })
        .join("\n\n");
}
