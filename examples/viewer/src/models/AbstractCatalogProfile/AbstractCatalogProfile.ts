import type {CARTA} from "../../protobuf/carta";

/** A loaded source catalog: its id, the file it came from and its number of rows. */
export interface CatalogInfo {
    /** Id of the catalog, unique among the loaded catalogs. */
    fileId: number;
    /** The catalog file's name and type. */
    fileInfo: CARTA.IFileInfo;
    /** Number of rows. */
    dataSize: number;
    /** Folder of the catalog file. */
    directory: string;
}
