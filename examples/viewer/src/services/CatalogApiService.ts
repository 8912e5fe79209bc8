/**
 * Queries online astronomical catalogs (VizieR and SIMBAD) directly from the browser.
 *
 * @remarks
 * Results come back as VOTable XML, which the catalog widget turns into a table and an overlay. Starting a query
 * cancels the one still running.
 */
export class CatalogApiService {
    private static staticInstance?: CatalogApiService;

    /** Address of the VizieR cone-search endpoint. */
    static readonly VIZIER_URL = "https://vizier.cds.unistra.fr/viz-bin/votable";
    /** Address of the SIMBAD TAP endpoint. */
    static readonly SIMBAD_URL = "https://simbad.cds.unistra.fr/simbad/sim-tap/sync";

    /** The shared instance. */
    static get Instance(): CatalogApiService {
        return (CatalogApiService.staticInstance ??= new CatalogApiService());
    }

    private controller?: AbortController;

    private constructor() {}

    /**
     * Runs a cone search on one VizieR catalog.
     *
     * @param catalog - VizieR catalog identifier, such as `"I/355/gaiadr3"`.
     * @param raDeg - Right ascension of the cone centre, in degrees.
     * @param decDeg - Declination of the cone centre, in degrees.
     * @param radiusArcmin - Cone radius, in arcminutes.
     * @param maxRows - Largest number of sources to return.
     * @returns The VOTable document.
     */
    queryVizier(catalog: string, raDeg: number, decDeg: number, radiusArcmin: number, maxRows: number = 1000): Promise<string> {
        const query = new URLSearchParams({"-source": catalog, "-c": `${raDeg} ${decDeg}`, "-c.rm": String(radiusArcmin), "-out.max": String(maxRows)});
        return this.fetchText(`${CatalogApiService.VIZIER_URL}?${query}`);
    }

    /** Runs an ADQL query, such as a cone selection on the `basic` table, against SIMBAD and returns the VOTable. */
    querySimbad(adql: string): Promise<string> {
        const query = new URLSearchParams({request: "doQuery", lang: "adql", format: "votable", query: adql});
        return this.fetchText(`${CatalogApiService.SIMBAD_URL}?${query}`);
    }

    /** Cancels the running query, if any; its promise rejects with an `AbortError`. */
    abortQuery(): void {
        this.controller?.abort();
        this.controller = undefined;
    }

    private async fetchText(url: string): Promise<string> {
        this.abortQuery();
        this.controller = new AbortController();
        const response = await fetch(url, {signal: this.controller.signal});
        if (!response.ok) {
            throw new Error(`Catalog query failed with HTTP ${response.status}`);
        }
        return response.text();
    }
}
