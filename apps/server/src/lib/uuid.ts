const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuid columns: anything else cannot exist, and must answer 404 rather than a SQL error. */
export const isUuid = (id: string) => UUID.test(id);
