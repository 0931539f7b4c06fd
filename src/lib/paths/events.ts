/**
 * Where the analytics beacon posts. A module of its own, outside the addresses' shared script file
 * (src/integrations/island-chunks.ts): the beacon ships on every page and needs only this.
 */
export const EVENTS_API = '/api/events';
