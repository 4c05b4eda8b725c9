/**
 * What `react`, `react-dom` and their subpaths resolve to in src/exchanges' own type check (tsconfig.json
 * `paths`): a module that exports nothing, so any React import here fails to compile, as lint also says.
 */
export {};
