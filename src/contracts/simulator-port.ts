/** `npm start` runs the simulator here, and a development build's default market points at it. */
export const DEFAULT_SIMULATOR_PORT = 8765;
