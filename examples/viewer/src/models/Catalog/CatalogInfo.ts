/** Describes a source catalog (a table of sources with sky positions) that has been loaded on top of an image. */
export interface CatalogInfo {
    /** Identifier of the catalog; catalog ids are counted separately from image ids. */
    fileId: number;
    /** File name of the catalog, or the service name for an online query. */
    fileName: string;
    /** Number of rows (sources) in the catalog. */
    dataSize: number;
    /** Id of the image the catalog is drawn on. */
    imageFileId: number;
    /** Names of the columns, in table order. */
    columnNames: string[];
}
