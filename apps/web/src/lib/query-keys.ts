/**
 * Query keys that more than one feature (or a route composing several) reads or refreshes, named
 * once so a refresh in one place reaches every screen that shows the data. Keys private to one
 * feature stay in that feature's api files.
 */
const limit = ['limit'] as const;
const personas = ['personas'] as const;

export const queryKeys = {
  /** What the next generation costs (POST /limit/check): refresh after anything that moves credits. */
  limit,
  /** Every persona list: the persona screens and the script workspace's persona picker. */
  personas,
  personaList: (params: { page: number; pageSize: number }) => [...personas, 'list', params] as const,
};
