/** The compiled server, as `npm start` runs it. */
export declare const serverMain: string;
/** Fills `dataDir` with a copy of the run's migrated, seeded template (made by the first caller). */
export declare function copySeededDatabase(templateDir: string, dataDir: string): Promise<void>;
