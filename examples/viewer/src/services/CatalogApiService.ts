/** The online catalogue services the catalog query dialog can search. */
export enum CatalogDatabase {
    SIMBAD = "SIMBAD",
    VIZIER = "VizieR"
}

/** Queries online source catalogues for the catalog query dialog, and loads the results as catalogs. */
export class CatalogApiService {
    private static staticInstance?: CatalogApiService;

    /** The shared instance. */
    static get Instance(): CatalogApiService {
        return (CatalogApiService.staticInstance ??= new CatalogApiService());
    }

    private readonly controllers = new Map<CatalogDatabase, AbortController>();

    /** Stops the running query of a database, if any. */
    cancelQuery(type: CatalogDatabase): void {
        this.controllers.get(type)?.abort();
        this.controllers.delete(type);
    }
}
