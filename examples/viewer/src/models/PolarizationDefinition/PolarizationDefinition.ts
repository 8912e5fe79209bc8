/**
 * Polarization codes of the FITS Stokes axis (1 to 4 for I, Q, U, V; negative for correlation products), plus the
 * codes the viewer gives to quantities it computes from Q and U (and I, V) itself.
 */
export enum POLARIZATIONS {
    YX = -8,
    XY = -7,
    YY = -6,
    XX = -5,
    LR = -4,
    RL = -3,
    LL = -2,
    RR = -1,
    I = 1,
    Q = 2,
    U = 3,
    V = 4,
    /** Total polarized intensity. */
    Ptotal = 13,
    /** Linearly polarized intensity. */
    Plinear = 14,
    /** Total polarization fraction. */
    PFtotal = 15,
    /** Linear polarization fraction. */
    PFlinear = 16,
    /** Polarization angle. */
    Pangle = 17
}
